// The API console's OAuth 2 redirect URI (oauth-callback.html beside it): a static page, so it
// works on any static host. It hands the provider's answer (`code` or `error`, with `state`) to
// the console that started the sign-in, and nothing else:
// - in a popup: posted to the opener, to this site's origin only (the console checks the
//   origin, the window and the state again), then the popup closes;
// - in the same tab: kept in sessionStorage for the console when its own pending sign-in has
//   this `state`, then back to the page it started from (on this origin only).
// The code leaves the address bar and the history at once. Keys: src/console/storage.ts.
(function () {
  'use strict';
  var PREFIX = 'caravan-docs:console:';
  var params = new URLSearchParams(location.search);
  var answer = {
    type: 'caravan-docs:oauth-callback',
    state: params.get('state'),
    code: params.get('code'),
    error: params.get('error'),
    errorDescription: params.get('error_description'),
  };
  history.replaceState(null, '', location.pathname);
  var status = document.getElementById('oauth-callback-status');
  var say = function (text) {
    if (status) status.textContent = text;
  };
  var opener = null;
  try {
    opener = window.opener && !window.opener.closed ? window.opener : null;
  } catch (error) {
    opener = null;
  }
  if (opener) {
    opener.postMessage(answer, location.origin);
    say('Signed in; this window closes now.');
    window.close();
    return;
  }
  var pending = null;
  try {
    pending = JSON.parse(sessionStorage.getItem(PREFIX + 'oauth-pending') || 'null');
  } catch (error) {
    pending = null;
  }
  if (!pending || typeof pending.state !== 'string' || pending.state !== answer.state) {
    say('This page finishes a sign-in started in the API console, and none is waiting for this answer. Start again from the console.');
    return;
  }
  var back;
  try {
    back = new URL(pending.returnTo, location.href);
  } catch (error) {
    back = null;
  }
  if (!back || back.origin !== location.origin) {
    say('The page to go back to is not on this site. Start again from the console.');
    return;
  }
  sessionStorage.setItem(PREFIX + 'oauth-result', JSON.stringify({ state: answer.state, code: answer.code, error: answer.error, errorDescription: answer.errorDescription }));
  say('Signed in; going back to the console…');
  location.replace(back.href);
})();
