// The derived-view editor of a metrics page's toolbar: add a named formula over the runs' keys,
// checked by the host as it is typed (where it fails marked under it; keys and runs it names
// that are not there listed), and list, edit or remove the store's views. The views are kept in
// the app's own settings per store, never written into the store.

import { useCallback, useEffect, useRef, useState } from 'react';
import type { FormulaCheck } from '../../../shared/api/contract.js';
import { unwrap } from '../api/call.js';
import { DERIVED_PREFIX, derivedKey, viewNameProblem } from '../charts/derived-names.js';
import { useServices } from '../state/app-context.js';
import type { DerivedView } from '../state/sweep-choices.js';
import { useDismiss } from './use-dismiss.js';
import { parseFormula } from '../../../shared/series/formula-parse.js';

/** A formula is checked once typing rests this long. */
const CHECK_REST_MS = 200;

/** The formula engineer's grammar, as the help says it. */
const GRAMMAR: readonly [string, string][] = [
  ['2.5, 1e-3', 'numbers'],
  ['eval/loss', 'a key of the run, as logged'],
  ['[my key]', 'a key quoted, for names with spaces or operators'],
  ['a / b', 'division: with spaces around it (eval/loss is a key)'],
  ['+ - * / ^', 'arithmetic, ^ for powers'],
  ['log log10 exp sqrt abs', 'functions of one value'],
  ['min(a, b) max(a, b)', 'the lesser or greater at each step'],
  ['ema(x, 0.9)', 'exponential moving average with weight 0.9'],
  ['diff(x) cumsum(x)', 'change since the previous step; running sum'],
  ['step, time', 'the step; seconds since the run’s first sample'],
  ['eval/loss@"run id"', 'another run’s key, as a baseline'],
];

type CheckState =
  | { readonly state: 'idle' }
  | { readonly state: 'checking' }
  | { readonly state: 'failed'; readonly reason: string }
  | { readonly state: 'done'; readonly check: FormulaCheck };

/**
 * A formula's check: one that does not parse is told at once by the parser the host shares;
 * one that does is asked of the host once typing rests (which keys and runs are not there).
 */
function useFormulaCheck(formula: string, runIds: readonly string[]): CheckState {
  const { bridge } = useServices();
  const [state, setState] = useState<CheckState>({ state: 'idle' });
  const ids = JSON.stringify(runIds);
  useEffect(() => {
    if (formula.trim() === '') {
      setState({ state: 'idle' });
      return;
    }
    const parsed = parseFormula(formula);
    if (!parsed.ok) {
      setState({ state: 'done', check: parsed });
      return;
    }
    let cancelled = false;
    setState({ state: 'checking' });
    const timer = setTimeout(() => {
      void bridge.api.checkFormula({ formula, runIds: JSON.parse(ids) as string[] }).then(
        (response) => {
          if (cancelled) return;
          try {
            setState({ state: 'done', check: unwrap(response) });
          } catch (error) {
            setState({ state: 'failed', reason: String(error) });
          }
        },
        (error: unknown) => !cancelled && setState({ state: 'failed', reason: String(error) }),
      );
    }, CHECK_REST_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [bridge, formula, ids]);
  return state;
}

function CheckResult({ formula, state }: { formula: string; state: CheckState }) {
  if (state.state === 'idle') return null;
  if (state.state === 'checking') return <div className="muted formula-check">checking…</div>;
  if (state.state === 'failed')
    return (
      <div className="value-special formula-check" data-testid="formula-check">
        The formula could not be checked: {state.reason}
      </div>
    );
  const { check } = state;
  if (!check.ok)
    return (
      <div className="formula-check" data-testid="formula-check" data-ok="false">
        <pre className="formula-caret mono" aria-hidden="true">
          {formula}
          {'\n'}
          {' '.repeat(Math.max(0, Math.min(check.at, formula.length)))}^
        </pre>
        <span className="value-special">
          {check.problem} (at character {check.at + 1})
        </span>
      </div>
    );
  return (
    <div className="formula-check" data-testid="formula-check" data-ok="true">
      <span className="muted">
        reads {check.keys.length === 0 ? 'no key' : check.keys.join(', ')}
        {check.baselines.length > 0 ? `; baselines ${check.baselines.join(', ')}` : ''}
      </span>
      {check.unknownKeys.length > 0 ? (
        <span className="value-special">
          No run here has {check.unknownKeys.join(', ')}: those runs draw nothing.
        </span>
      ) : null}
      {check.unknownRuns.length > 0 ? (
        <span className="value-special">
          No run {check.unknownRuns.map((id) => `“${id}”`).join(', ')} in the store.
        </span>
      ) : null}
    </div>
  );
}

export function DerivedViews(props: {
  views: readonly DerivedView[];
  onSave: (view: DerivedView) => void;
  onRemove: (name: string) => void;
  /** The runs the page shows: the formula is checked against their keys. */
  runIds: readonly string[];
}) {
  const { views, runIds } = props;
  const [open, setOpen] = useState(false);
  const [help, setHelp] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [formula, setFormula] = useState('');
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, [button, panel]);
  const state = useFormulaCheck(formula, runIds);
  const nameProblem =
    name === ''
      ? null
      : viewNameProblem(
          name,
          views.map((v) => v.name),
          editing,
        );
  const formulaProblem =
    formula.trim() === ''
      ? 'Write a formula.'
      : state.state !== 'done'
        ? 'The formula is being checked.'
        : !state.check.ok
          ? state.check.problem
          : null;
  const problem = name === '' ? 'Give the view a name.' : (nameProblem ?? formulaProblem);
  const startEdit = (view: DerivedView | null): void => {
    setEditing(view?.name ?? null);
    setName(view === null ? '' : view.name.slice(DERIVED_PREFIX.length));
    setFormula(view?.formula ?? '');
  };
  const save = (): void => {
    if (problem !== null) return;
    const key = derivedKey(name);
    if (editing !== null && editing !== key) props.onRemove(editing);
    props.onSave({ name: key, formula: formula.trim() });
    startEdit(null);
  };
  return (
    <div style={{ position: 'relative' }}>
      <button
        ref={button}
        className="btn"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        data-testid="derived-views-button"
        title="Views computed when read from the runs' keys; kept in this app's settings"
      >
        + derived view{views.length > 0 ? ` (${views.length})` : ''}
      </button>
      {open ? (
        <div ref={panel} className="derived-editor" data-testid="derived-editor">
          {views.length > 0 ? (
            <ul className="derived-list">
              {views.map((view) => (
                <li key={view.name} data-testid="derived-view-item">
                  <span className="mono">{view.name}</span>
                  <span className="mono muted derived-list-formula" title={view.formula}>
                    = {view.formula}
                  </span>
                  <button className="btn ghost small" onClick={() => startEdit(view)}>
                    Edit
                  </button>
                  <button
                    className="btn ghost small"
                    onClick={() => {
                      props.onRemove(view.name);
                      if (editing === view.name) startEdit(null);
                    }}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <label className="derived-field">
            name
            <span className="derived-name">
              <span className="mono muted">{DERIVED_PREFIX}</span>
              <input
                className="text mono"
                value={name}
                placeholder="loss_gap"
                onChange={(event) => setName(event.target.value)}
                data-testid="derived-name"
              />
            </span>
          </label>
          {nameProblem !== null ? <div className="value-special">{nameProblem}</div> : null}
          <label className="derived-field">
            formula
            <input
              className="text mono"
              value={formula}
              placeholder="eval/loss - train/loss"
              onChange={(event) => setFormula(event.target.value)}
              onKeyDown={(event) => event.key === 'Enter' && save()}
              data-testid="derived-formula"
            />
          </label>
          <CheckResult formula={formula} state={state} />
          <div className="row derived-actions">
            <button
              className="btn primary small"
              disabled={problem !== null}
              title={problem ?? undefined}
              onClick={save}
              data-testid="derived-save"
            >
              {editing === null ? 'Add view' : 'Save view'}
            </button>
            {editing !== null ? (
              <button className="btn small" onClick={() => startEdit(null)}>
                Cancel
              </button>
            ) : null}
            <span className="spacer" />
            <button
              className="btn ghost small"
              aria-expanded={help}
              onClick={() => setHelp((h) => !h)}
              data-testid="formula-help"
            >
              grammar
            </button>
          </div>
          {help ? (
            <table className="formula-grammar" data-testid="formula-grammar">
              <tbody>
                {GRAMMAR.map(([form, meaning]) => (
                  <tr key={form}>
                    <td className="mono">{form}</td>
                    <td>{meaning}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          <div className="muted derived-foot">
            Read when shown, paired by step; kept in this app’s settings for this store, never
            written into it.
          </div>
        </div>
      ) : null}
    </div>
  );
}
