/** English words the generic sandbox makes from a description's paths. Pure. */

/** `notes` -> `note`, `categories` -> `category`, `boxes` -> `box`: a collection's segment as one of its items. */
export function singular(word: string): string {
  return word.replace(/ies$/, 'y').replace(/(s|x|ch|sh)es$/, '$1').replace(/s$/, '');
}
