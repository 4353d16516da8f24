import { describe, expect, it } from 'vitest';
import {
  measureNci,
  measureV2,
  nciTruthSites,
} from '../../../pipeline/geocode/eval/place-truth.js';

// End to end on the shared real records (`npm run eval:places` prints the same figures).
describe('place truth on the real records', () => {
  it('puts no site of the NCI records more than 50 mi from its recorded point, whatever part of the address is left', async () => {
    const { sites } = await nciTruthSites();
    expect(sites.length).toBeGreaterThan(9_000);
    const figures = Object.fromEntries((await measureNci(sites)).map((f) => [f.scenario, f]));
    for (const f of Object.values(figures))
      console.log(
        f.scenario,
        {
          placed: f.placed,
          farOff: f.farOff,
          wrongState: f.wrongState,
          statesFilled: f.statesFilled,
        },
        f.examples,
      );

    for (const scenario of [
      'city, state, ZIP, facility',
      'city, state, facility (no ZIP)',
      'city, facility (no state, no ZIP)',
    ]) {
      expect(figures[scenario].farOff, scenario).toBe(0);
      expect(figures[scenario].wrongState, scenario).toBe(0);
    }
    const noState = figures['city, facility (no state, no ZIP)'];
    // Every placed site gets the state it was placed in, so `state=` finds it.
    expect(noState.statesFilled).toBeGreaterThan(noState.placed * 0.98);
    expect(noState.placed / noState.sites).toBeGreaterThan(0.55);
    // With the town's name alone, the one miss known: "Manhattan" (Kansas) read as the New
    // York borough, which GeoNames lists as a town of 1.5 million.
    const cityOnly = figures['city only (v2 shape)'];
    expect(cityOnly.farOff / cityOnly.placed).toBeLessThan(0.001);
  });

  it('places every geocoded US site of the shared v2 records at a town of the name its record gives', async () => {
    const v2 = await measureV2();
    console.log(
      'v2',
      {
        usSites: v2.usSites,
        placed: v2.placed,
        statesFilled: v2.statesFilled,
        awayFromNamedTown: v2.awayFromNamedTown,
      },
      v2.examples,
    );
    expect(v2.usSites).toBeGreaterThan(1_500);
    expect(v2.awayFromNamedTown).toBe(0);
    // Only a town straddling a state line (Kansas City) is placed without a state.
    expect(v2.statesFilled).toBeGreaterThan(v2.placed * 0.99);
  });
});
