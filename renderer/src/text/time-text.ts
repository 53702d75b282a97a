// Times and durations as people read them: "5 min ago", "1h 12m", a full date on hover.

export function relativeTime(seconds: number, now = Date.now() / 1000): string {
  const delta = now - seconds;
  // Pages read the clock every few seconds, so a live run's last write is often a little ahead of
  // their now: that is "just now". Only a write well ahead is in the future (another clock).
  if (delta < -10) return 'in the future';
  if (delta < 5) return 'just now';
  if (delta < 60) return `${Math.floor(delta)} s ago`;
  if (delta < 3600) return `${Math.floor(delta / 60)} min ago`;
  if (delta < 86400) return `${Math.floor(delta / 3600)} h ago`;
  if (delta < 86400 * 30) return `${Math.floor(delta / 86400)} d ago`;
  return new Date(seconds * 1000).toLocaleDateString();
}

/**
 * How long ago, in a badge's few characters: "now", "12 s", "3 min", "2 h", "4 d", "3 mo", "2 y";
 * null for a time in the future (another clock), which has no age to show.
 */
export function shortAge(seconds: number, now = Date.now() / 1000): string | null {
  const delta = now - seconds;
  if (delta < -10) return null;
  if (delta < 5) return 'now';
  if (delta < 60) return `${Math.floor(delta)} s`;
  if (delta < 3600) return `${Math.floor(delta / 60)} min`;
  if (delta < 86400) return `${Math.floor(delta / 3600)} h`;
  if (delta < 86400 * 30) return `${Math.floor(delta / 86400)} d`;
  if (delta < 86400 * 365) return `${Math.floor(delta / (86400 * 30))} mo`;
  return `${Math.floor(delta / (86400 * 365))} y`;
}

export function duration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '—';
  if (seconds < 1) return `${Math.round(seconds * 1000)} ms`;
  if (seconds < 60) return `${seconds.toFixed(seconds < 10 ? 1 : 0)} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${Math.floor(seconds % 60)}s`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours}h ${minutes % 60}m`;
  return `${Math.floor(hours / 24)}d ${hours % 24}h`;
}

// One formatter of each kind, made once: toLocaleString with options builds a new
// Intl.DateTimeFormat on every call, and a runs table formats a date per row on every scroll
// frame (1,420 of 5,260 ms of a 5 s scroll's profile went to shortDateTime).
// The fields Date's own toLocaleString() shows.
const FULL = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});
const SHORT_FIELDS = {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
} as const;
const THIS_YEAR = new Intl.DateTimeFormat(undefined, SHORT_FIELDS);
const OTHER_YEAR = new Intl.DateTimeFormat(undefined, { ...SHORT_FIELDS, year: 'numeric' });
const OTHER_YEAR_DAY = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

export function absoluteTime(seconds: number): string {
  const date = new Date(seconds * 1000);
  return `${FULL.format(date)} (${date.toISOString()})`;
}

export function shortDateTime(seconds: number): string {
  const date = new Date(seconds * 1000);
  const sameYear = date.getFullYear() === new Date().getFullYear();
  return (sameYear ? THIS_YEAR : OTHER_YEAR).format(date);
}

/**
 * A date for a table's narrow column: this year's with its time, another year's by its day
 * alone, since with the year and the time it would not fit, and a run that old is told apart by
 * its day (the full time is on hover).
 */
export function columnDateTime(seconds: number): string {
  const date = new Date(seconds * 1000);
  const sameYear = date.getFullYear() === new Date().getFullYear();
  return (sameYear ? THIS_YEAR : OTHER_YEAR_DAY).format(date);
}
