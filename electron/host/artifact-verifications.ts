// Verifications of artifacts' blobs under way: one a name at a time (a second asks for the same
// answer by waiting, not by hashing twice), each cancellable, its progress told to sessions.

import type { VersionCheckInfo } from '../../shared/api/contract.js';
import type { RunsSource } from '../sources/run-source.js';
import { ApiFailure } from './ops/api-failure.js';

/** Tells sessions how many of a verification's bytes are hashed. */
export type VerifyProgress = (name: string, bytes: number, total: number) => void;

export class ArtifactVerifications {
  /** Verifications under way, by artifact name, to be cancelled. */
  private readonly running = new Map<string, AbortController>();

  constructor(
    private readonly source: Pick<RunsSource, 'verifyArtifact'>,
    private readonly progress: VerifyProgress,
  ) {}

  /** Verifies the artifact's blobs (one version, or all); refused while one of it is running. */
  async verify(name: string, version?: number): Promise<readonly VersionCheckInfo[]> {
    if (this.running.has(name))
      throw new ApiFailure('bad-request', `${name} is being verified already`);
    const controller = new AbortController();
    this.running.set(name, controller);
    try {
      return await this.source.verifyArtifact(
        name,
        version,
        (bytes, total) => this.progress(name, bytes, total),
        controller.signal,
      );
    } catch (error) {
      if (controller.signal.aborted)
        throw new ApiFailure('cancelled', `the verification of ${name} was cancelled`);
      throw error;
    } finally {
      this.running.delete(name);
    }
  }

  /** Stops the verification of name under way; true when there was one. */
  cancel(name: string): boolean {
    const running = this.running.get(name);
    running?.abort();
    return running !== undefined;
  }
}
