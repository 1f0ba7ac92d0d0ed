/**
 * The one inline script of every page, run before first paint: the saved theme (no flash of the
 * wrong colours), and a "js" class so the phone-width menu starts closed instead of shifting the
 * page when the script runs. Kept here, as one string, so the Content-Security-Policy can name its
 * hash (src/server/front/security-headers.ts); every other script is a file.
 */
export const THEME_SCRIPT =
  "document.documentElement.classList.add('js');try{const t=localStorage.getItem('theme');if(t==='light'||t==='dark')document.documentElement.dataset.theme=t}catch{}";
