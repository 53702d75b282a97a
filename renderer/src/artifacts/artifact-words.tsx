// Small pieces both sides of lineage show: an artifact version's link, alias chips, a short
// copyable digest, and the note that an alias has left the version a run used.

import { useServices } from '../state/app-context.js';
import type { Route } from '../state/route.js';
import { routeHash } from '../state/route.js';

type Navigate = (route: Route) => void;

/** A link to the version's place on its artifact's page. */
export function VersionLink(props: { name: string; version: number; navigate: Navigate }) {
  const route: Route = { page: 'artifact', name: props.name, version: props.version };
  return (
    <a
      className="mono"
      href={routeHash(route)}
      data-testid="version-link"
      onClick={(event) => (event.preventDefault(), props.navigate(route))}
    >
      {props.name}:{props.version}
    </a>
  );
}

/** Aliases as chips: always named, never read as version numbers, even when spelled as one. */
export function AliasChips({ aliases }: { aliases: readonly string[] }) {
  return (
    <>
      {aliases.map((alias) => (
        <span className="alias-chip" key={alias} title={`the alias ${alias}`}>
          {alias}
        </span>
      ))}
    </>
  );
}

/** The digest's first hex digits; a click copies it whole. */
export function ShortDigest({ digest }: { digest: string | null }) {
  const { toast } = useServices();
  if (digest === null) return <span className="muted">—</span>;
  const hex = digest.replace(/^blake2b-256:/, '');
  return (
    <button
      className="copy-digest mono"
      title={`${digest} (click to copy)`}
      onClick={() =>
        void navigator.clipboard
          .writeText(digest)
          .then(() => toast('Digest copied'))
          .catch(() => toast('The clipboard is not available here', 'error'))
      }
    >
      {hex.slice(0, 12)}…
    </button>
  );
}

/**
 * "used model:3; `prod` now names 5": a use record keeps the number alone, so an alias that
 * moved to a later version since may have been what the run asked for.
 */
export function MovedAliasNote(props: {
  name: string;
  version: number;
  moved: readonly { alias: string; version: number }[];
}) {
  if (props.moved.length === 0) return null;
  return (
    <span className="moved-alias" data-testid="moved-alias">
      used {props.name}:{props.version};{' '}
      {props.moved.map((m, index) => (
        <span key={m.alias}>
          {index > 0 ? ', ' : null}
          <code>{m.alias}</code> now names {m.version}
        </span>
      ))}
    </span>
  );
}
