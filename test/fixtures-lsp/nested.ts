// Nested class → method → arrow function → inner function.
export class Outer {
  private factor = 2;

  run(values: number[]): number[] {
    const transform = (value: number): number => {
      function scale(input: number): number {
        const doubled = input * 2;
        return doubled * 3;
      }
      return scale(value) + 1;
    };
    return values.map(transform);
  }
}
