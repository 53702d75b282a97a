// The mark a derived view's panel carries wherever it appears: a "derived" badge and the formula
// it is read with, so a curve computed when read is never taken for one the run logged.

export function DerivedBadge({ formula }: { formula: string }) {
  return (
    <>
      <span
        className="derived-badge"
        data-testid="derived-badge"
        title="A derived view: this formula over the run’s keys, read when shown; nothing is stored"
      >
        derived
      </span>
      <span className="panel-formula mono muted" title={formula} data-testid="panel-formula">
        = {formula}
      </span>
    </>
  );
}
