export function demoCommand(_args: string[]): void {
  throw new Error('demo store: being written');
}
