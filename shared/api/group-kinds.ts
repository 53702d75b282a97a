// How a group of runs is combined and drawn: the words the Api and a report's ask share.

/** How a group's runs combine at a step: their mean or their median. */
export type GroupCenter = 'mean' | 'median';
/** The band around a group's center: the least to the greatest sample, or ±1 standard deviation. */
export type GroupSpread = 'min-max' | 'std';
/** A group's x: the step, or the time (the mean of the runs' sample times at each step). */
export type GroupX = 'step' | 'time';
