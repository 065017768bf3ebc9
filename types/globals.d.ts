// Names the build defines for the bundles it makes (tools/dist.mjs,
// tools/single-file.mjs); in development they are undefined, and the
// modules test `typeof NAME === 'undefined'` before reading them.

/** Defined in the single-file build, which carries only the cribbage module. */
declare const CRIBBAGE_SINGLE_FILE: boolean;
/** The app's stylesheet, inlined by the single-file build. */
declare const CRIBBAGE_STYLESHEET: string;
/** The lazy stylesheets, inlined by the single-file build. */
declare const CRIBBAGE_LAZY_STYLESHEETS: Record<string, string>;

// Every element the page queries is an HTML or an SVG element, both of
// which have a dataset, a tab index and focus(): the DOM's own `Element`
// (which XML elements share) leaves them out.
interface Element extends HTMLOrSVGElement {}
