// highlight.js ships types for its main entry and its languages, not for the `lib/core` entry we import to bundle
// only the languages we register.
declare module 'highlight.js/lib/core' {
  import type { HLJSApi } from 'highlight.js';
  const hljs: HLJSApi;
  export default hljs;
}
