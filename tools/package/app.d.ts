// Types for js/app.js: the whole app mounted into any element or shadow root.
import type { AppHandle, MountAppOptions } from '../cribbage-game.js';

export type { AppHandle, MountAppOptions } from '../cribbage-game.js';

/** Mounts the app into `root`; resolves once it is drawn (the game deals once its engine is in). */
export declare function mountApp(root: Element | ShadowRoot, options?: MountAppOptions): Promise<AppHandle>;
