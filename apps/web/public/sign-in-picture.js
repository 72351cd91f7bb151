/*
 * Shows the sign-in page's picture written into index.html at build time
 * (build-plugins/prerender-sign-in.ts) before the app's code has arrived, in the language of the
 * cookie, when the address opens on sign-in: the sign-in page itself, or any signed-in address
 * without a session (app/router.tsx, preloadFirstScreen); otherwise removes it. Kept in step with
 * readLanguage (shared/language.ts) and the session's storage (shared/session.ts).
 */
/* global document, location */
(function () {
  var box = document.getElementById('prerender');
  if (!box) return;
  var path = location.pathname;
  var outside = path.indexOf('/session/') === 0 || path.indexOf('/error-page/') === 0 || path === '/callback';
  var signedIn;
  try {
    signedIn = !!localStorage.getItem('token');
  } catch {
    signedIn = false;
  }
  if (!(path === '/session/login' || (!outside && !signedIn))) {
    box.remove();
    return;
  }
  var match = /(?:^|;\s*)language=([^;]*)/.exec(document.cookie);
  var chosen = match ? decodeURIComponent(match[1]) : 'en';
  var picture = box.querySelector('[data-language="' + chosen + '"]') || box.querySelector('[data-language="en"]');
  picture.hidden = false;
})();
