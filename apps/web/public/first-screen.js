/*
 * Runs before the app's code (build-plugins/prerender-sign-in.ts writes what it reads into
 * index.html). Shows the picture of the page the address opens on, in the cookie's language, when it
 * is the sign-in page (the sign-in page itself, or any signed-in address without a session:
 * app/router.tsx, preloadFirstScreen) or forgot password; otherwise removes the pictures. Then
 * preloads the files of that first screen (its chunk, the language's catalogue, for a signed-in
 * address the shell, and the dashboard's page and texts on the dashboard) so they are fetched beside the entry
 * instead of after it has run. Kept in step with readLanguage (shared/language.ts), the session's
 * storage (shared/session.ts) and the router's addresses.
 */
/* global document, location */
(function () {
  var path = location.pathname;
  var outside = path.indexOf('/session/') === 0 || path.indexOf('/error-page/') === 0 || path === '/callback';
  var signedIn;
  try {
    signedIn = !!localStorage.getItem('token');
  } catch {
    signedIn = false;
  }
  var match = /(?:^|;\s*)language=([^;]*)/.exec(document.cookie);
  var chosen = match ? decodeURIComponent(match[1]) : 'en';
  if (['en', 'in', 'th', 'zh'].indexOf(chosen) < 0) chosen = 'en';
  var signIn = path === '/session/login' || (!outside && !signedIn);
  var page = signIn ? 'login' : path === '/session/forgot-password' ? 'forgot-password' : null;

  var box = document.getElementById('prerender');
  if (box && page) {
    var picture = box.querySelector('[data-page="' + page + '"][data-language="' + chosen + '"]');
    if (picture) picture.hidden = false;
  } else if (box) box.remove();

  var data = document.getElementById('first-screen-files');
  var files;
  try {
    files = JSON.parse((data && data.textContent) || '{}');
  } catch {
    files = {};
  }
  var wanted = ['catalogue:' + chosen];
  if (signIn) wanted.push('login');
  else if (path === '/session/forgot-password' || path === '/session/reset-password') wanted.push('recovery', 'recovery:' + chosen);
  else if (path === '/session/sign-up') wanted.push('sign-up', 'sign-up:' + chosen);
  else if (!outside) {
    wanted.push('shell', 'signed-in:' + chosen);
    if (path === '/dashboard' || path === '/') wanted.push('dashboard', 'dashboard:' + chosen);
  }
  for (var i = 0; i < wanted.length; i += 1) {
    var list = files[wanted[i]] || [];
    for (var j = 0; j < list.length; j += 1) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = list[j];
      document.head.appendChild(link);
    }
  }
})();
