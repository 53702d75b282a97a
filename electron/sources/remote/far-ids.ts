// A far store's run ids as this host shows them: behind a prefix (its host's name) when other
// paths are open beside it, so that they never meet a local run's id; as they are when alone.

export class FarIds {
  constructor(readonly prefix: string) {}

  /** The id this host shows for the far host's run id. */
  near(farId: string): string {
    return this.prefix + farId;
  }

  /** The far host's id of a run this host shows; undefined when the id is not of this store. */
  far(nearId: string): string | undefined {
    return nearId.startsWith(this.prefix) ? nearId.slice(this.prefix.length) : undefined;
  }
}
