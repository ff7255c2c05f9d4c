import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { FmvLookup } from '../gains.types.js';
import { loadFmv2018 } from './fmv-2018.js';

/** The FMV file the process reads: null for the shipped one, found above the module (`findFmv2018File`). */
export const FMV_2018_FILE_PATH = Symbol('FMV_2018_FILE_PATH');

/**
 * The FMV of 31 January 2018 for the process: read at start-up (module init awaits it), so a missing
 * or malformed file stops the process before it serves, and a request only looks values up.
 */
@Injectable()
export class Fmv2018 implements OnModuleInit {
  private loaded: FmvLookup | null = null;

  constructor(@Inject(FMV_2018_FILE_PATH) private readonly file: string | null) {}

  async onModuleInit(): Promise<void> {
    this.loaded = await loadFmv2018(this.file ?? undefined);
  }

  /** The lookup; it exists once the module has started (never read on demand). */
  lookup(): FmvLookup {
    if (!this.loaded) throw new Error('the FMV of 31 January 2018 is read at start-up; it was asked for before the module started');
    return this.loaded;
  }
}
