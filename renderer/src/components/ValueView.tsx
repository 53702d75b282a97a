// A value as a table cell or list item: NaN, infinities and big integers shown as such, with the
// exact value on hover.

import type { Value } from '../../../shared/format/values.js';
import { valueText } from '../text/value-text.js';

export function ValueView(props: { value: Value; showKind?: boolean }) {
  const text = valueText(props.value);
  return (
    <span
      title={`${text.exact} (${text.kind})`}
      className={text.special ? 'value-special' : undefined}
    >
      {text.short}
      {props.showKind === true ? <span className="value-kind">{text.kind}</span> : null}
    </span>
  );
}
