// Seed lesson 21: namespace → class → method → inner function → multi-line const.
export namespace Shop {
  export interface Line {
    price: number;
    quantity: number;
  }

  export class Checkout {
    constructor(private readonly rate: number) {}

    total(lines: Line[]): number {
      const rate = this.rate;
      function applyTax(amount: number): number[] {
        const taxed = lines.map((line) => {
          const gross = line.price * line.quantity;
          return gross * (1 + rate) + amount;
        });
        return taxed;
      }
      return applyTax(0).reduce((sum, value) => sum + value, 0);
    }
  }
}
