// The clock a writer stamps records with: seconds since the Unix epoch, a float. Injected where
// a program (or the demo) gives times of its own.

export type Clock = () => number;

export const wallClock: Clock = () => Date.now() / 1000;
