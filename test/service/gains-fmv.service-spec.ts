import type { DynamicModule } from '@nestjs/common';
import { describe, expect, it } from '@jest/globals';
import type { ProcessRole } from '../../src/config/app-config.js';
import { Fmv2018, FMV_2018_FILE_PATH } from '../../src/modules/gains/fmv/fmv-2018.provider.js';
import { GainsModule } from '../../src/modules/gains/gains.module.js';
import { ClientReportsModule } from '../../src/modules/reports/client-reports.module.js';
import { serviceHarness } from '../support/service-harness.js';
import { NEXUS_GLOBALS } from '../support/service-documents.js';

// The FMV of 31 January 2018 (data/amfi/NAVAll_2018-01-31.txt) is read while the process starts, in
// every role that computes gains (the API's routes, the workers that print client reports): once the
// modules have started the lookup answers at once, so no request reads the file; a file that cannot be
// read stops the start with a message naming it.
const env = { QUEUE_PREFIX: `fmv${Date.now()}` };
const AXIS_LTE_GROWTH = 'INF846K01131';

describe('Fmv2018: the FMV file is read at start-up', () => {
  it('is not read on demand: before its module starts the lookup refuses', () => {
    expect(() => new Fmv2018(null).lookup()).toThrow('the FMV of 31 January 2018 is read at start-up; it was asked for before the module started');
  });

  it.each<{ role: ProcessRole; via: string; module: () => DynamicModule }>([
    { role: 'api', via: 'GainsModule (the gains routes)', module: () => GainsModule.forRoot('api') },
    { role: 'worker', via: 'ClientReportsModule (the client-report workers)', module: () => ClientReportsModule.forRoot('worker') },
    { role: 'all', via: 'ClientReportsModule', module: () => ClientReportsModule.forRoot('all') },
  ])('role $role through $via: loaded once the module has started', async ({ module }) => {
    const h = await serviceHarness([...NEXUS_GLOBALS, module()], { env });
    try {
      expect(h.get(Fmv2018).lookup()(AXIS_LTE_GROWTH)).toBe(42.3003);
    } finally {
      await h.close();
    }
  });

  it('a missing file stops the start (not the first request) with a message naming the file', async () => {
    const missing = '/nonexistent/data/amfi/NAVAll_2018-01-31.txt';
    await expect(serviceHarness([...NEXUS_GLOBALS, GainsModule.forRoot('api')], { env, overrides: [{ provide: FMV_2018_FILE_PATH, useValue: missing }] })).rejects.toThrow(
      `the FMV file of 31 January 2018 could not be read at ${missing}: ENOENT`,
    );
  });
});
