// @ts-check
// The host page's own script: globals with the names the game uses inside
// (none of them may disturb it), and a log of the games' events.

Object.assign(globalThis, { h: 'the host’s h', mountApp: null, wasm: 'the host’s wasm', init: () => {} });

const log = document.getElementById('log');
for (const game of document.querySelectorAll('cribbage-game')) {
  for (const type of ['ready', 'score', 'gameover']) {
    game.addEventListener(type, (event) => {
      const { detail } = /** @type {CustomEvent} */ (event);
      const item = document.createElement('li');
      item.textContent = `${game.id}: ${type}${detail ? ` ${JSON.stringify(detail)}` : ''}`;
      log.append(item);
    });
  }
}
