// @ts-check
// In Node, no browser: a saved game's set-up as play.js restores it. The
// level its computer players play at is filled in (Medium, where a save
// leaves it out) on a set-up of its own, and the check of the set-up only
// reads it: neither changes the set-up it is given, which is the caller's.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setupFault, withLevel } from '../../www/js/play.js';

/** @type {Record<string, any>} */
const SAVED = { game: 'cribbage', mode: 'computer', players: 2, target: 121, counting: 'automatic', match: 'single' };

describe('a saved set-up, restored', () => {
  it('is checked without being changed', () => {
    const setup = Object.freeze({ ...SAVED });
    // Frozen: a check that wrote to it would throw here.
    assert.equal(setupFault(setup), 'names no level the computer knows ("undefined")');
    assert.equal(setupFault({ ...SAVED, level: 'genius' }), 'names no level the computer knows ("genius")');
    assert.equal(setupFault({ ...SAVED, level: 'hard' }), null);
    // People passing the device, and a game played alone, have no computer to set a level for.
    assert.equal(setupFault({ ...SAVED, mode: 'people' }), null);
    assert.equal(setupFault({ game: 'square-solitaire', mode: 'computer', players: 1, target: 61 }), null);
    assert.deepEqual(setup, SAVED);
  });

  it('takes Medium where its level is left out, on a set-up of its own', () => {
    const setup = Object.freeze({ ...SAVED });
    const restored = withLevel(setup);
    assert.deepEqual(restored, { ...SAVED, level: 'medium' });
    assert.equal(setupFault(restored), null);
    assert.deepEqual(setup, SAVED);
    // A level given stays; where no computer plays none is added.
    assert.equal(withLevel({ ...SAVED, level: 'expert' }).level, 'expert');
    assert.equal(withLevel(/** @type {Record<string, any>} */ ({ ...SAVED, mode: 'people' })).level, undefined);
  });
});
