// @ts-check
// One game, one tab. Every tab of the app saves the game in progress under
// the same key, so two tabs playing at once would overwrite each other. The
// tab that plays holds a Web Lock named after the storage prefix; another tab
// that finds it held says so and offers to take over. Taking over asks the
// playing tab (BroadcastChannel, or a `storage` event where there is none)
// to stop: it has saved after every action, so it lets go of the lock, and
// the new tab restores the game from storage. Nothing is lost either way.
//
// Without Web Locks every tab plays, as before, but a tab that sees another
// write the game (the `storage` event) stops and offers the same choice.

/**
 * @param {string} prefix  the app's storageKey
 * @param {{ onYield: () => void }} hooks  called when another tab takes the game
 */
export function createTabGuard(prefix, { onYield }) {
  const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  const lockName = `${prefix}.game`;
  const messageKey = `${prefix}.tabs`;
  const gameKey = `${prefix}.game`;
  const locks = globalThis.navigator?.locks ?? null;
  let channel = null;
  try {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(messageKey) : null;
  } catch {
    channel = null;
  }
  let active = false;
  let release = null;
  let answered = null;
  let closed = false;

  function post(type) {
    const message = { type, from: id };
    try {
      if (channel) channel.postMessage(message);
      else globalThis.localStorage.setItem(messageKey, JSON.stringify({ ...message, at: Math.random() }));
    } catch {
      // No way to reach another tab: each then plays on its own.
    }
  }

  function receive(message) {
    if (closed || !message || message.from === id) return;
    if (message.type === 'hello' && active) post('here');
    else if (message.type === 'here') answered?.();
    else if (message.type === 'take' && active) giveUp();
  }

  const onMessage = (event) => receive(event.data);
  const onStorage = (event) => {
    if (event.key === messageKey && event.newValue) {
      try {
        receive(JSON.parse(event.newValue));
      } catch {
        // Not a message of ours.
      }
    } else if (event.key === gameKey && event.newValue !== null && active && !locks) {
      // Another tab played: without locks this is how we learn of it.
      giveUp();
    }
  };
  channel?.addEventListener('message', onMessage);
  globalThis.addEventListener?.('storage', onStorage);

  function giveUp() {
    active = false;
    release?.();
    release = null;
    onYield();
  }

  /** Requests the lock; resolves true once held, false if `ifAvailable` and taken, or when aborted. */
  function lock(options = {}) {
    return new Promise((resolve) => {
      locks
        .request(lockName, options, (held) => {
          if (!held || closed) {
            resolve(false);
            return undefined;
          }
          return new Promise((letGo) => {
            release = letGo;
            resolve(true);
          });
        })
        .catch(() => resolve(false));
    });
  }

  /** Whether a live tab answers a hello within `ms`. */
  function someoneAnswers(ms) {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        answered = null;
        resolve(false);
      }, ms);
      answered = () => {
        clearTimeout(timer);
        answered = null;
        resolve(true);
      };
      post('hello');
    });
  }

  return {
    /** Whether this tab plays the game now. */
    get active() {
      return active;
    },
    /**
     * Claims the game for this tab: true when it may play, false when another
     * tab is playing it.
     */
    async claim() {
      if (!locks) {
        active = true;
        return true;
      }
      if (await lock({ ifAvailable: true })) {
        active = !closed;
        return active;
      }
      // Held. A tab that is playing answers; a page being reloaded, whose
      // lock is about to go, cannot. Then wait for the lock (a few seconds at most).
      if (await someoneAnswers(500)) return false;
      const held = await lock({ signal: AbortSignal.timeout(5000) });
      active = held && !closed;
      return active;
    },
    /** Takes the game from the tab playing it; resolves once this tab may play. */
    async takeOver() {
      post('take');
      if (locks) {
        const held = await lock();
        if (!held) return false;
      }
      active = !closed;
      return active;
    },
    destroy() {
      closed = true;
      active = false;
      release?.();
      release = null;
      channel?.removeEventListener('message', onMessage);
      channel?.close();
      globalThis.removeEventListener?.('storage', onStorage);
    },
  };
}
