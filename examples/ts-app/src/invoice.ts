export interface LineItem {
  description: string;
  quantity: number;
  unitPrice: number;
}

export class Invoice {
  constructor(private readonly items: LineItem[]) {}

  total(): number {
    const applyTax = (amount: number): number => {
      const rate = "0.2";
      return amount * (1 + rate);
    };
    return applyTax(this.items.reduce((sum, item) => sum + item.quantity * item.unitPrice, 0));
  }
}
