// The choice between a file shown as what it is (rendered Markdown, an HTML page) and its source.

export function SourceToggle(props: {
  source: boolean;
  onSource: (source: boolean) => void;
  renderedLabel: string;
}) {
  return (
    <div className="segmented" role="group" aria-label="Show as">
      {(
        [
          [false, props.renderedLabel],
          [true, 'Source'],
        ] as const
      ).map(([source, label]) => (
        <button
          key={label}
          className={`btn small ${props.source === source ? 'on' : ''}`}
          aria-pressed={props.source === source}
          onClick={() => props.onSource(source)}
          data-testid={source ? 'show-source' : 'show-rendered'}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
