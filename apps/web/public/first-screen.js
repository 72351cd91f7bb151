/*
 * Runs before the app's code (build-plugins/prerender-sign-in.ts writes what it reads into
 * index.html). Shows the picture of the page the address opens on, in the cookie's language, when it
 * is the sign-in page (the sign-in page itself, or any signed-in address without a session:
 * app/router.tsx, preloadFirstScreen) or forgot password; otherwise removes the pictures. Then
 * preloads the files of that first screen (its chunk, the language's catalogue, for a signed-in
 * address the shell, and the dashboard's page and texts on the dashboard) so they are fetched beside the entry
 * instead of after it has run. Kept in step with readLanguage (shared/language.ts), the session's
 * storage (shared/session.ts) and the router's addresses.
 *
 * On /dashboard (or /, which opens it) with a stored session it also asks for the figures itself,
 * as the app does (the address and headers the build wrote, prerender-sign-in.ts FIGURES_CALL), and
 * leaves the answer for the app to take instead of asking again (shared/firstScreen.ts); with a
 * successful answer it fills the dashboard's picture of the language and shows it, its counters
 * counting up as the page's do (features/dashboard/AnimatedCount.tsx), until the page's figures card
 * replaces it (docs/dashboard.md, "First paint"). No permission or a failure: no picture. There the
 * entry's files are fetched only after the picture's paint (the build leaves them out of the head).
 */
/* global document, location, window, requestAnimationFrame */
(function () {
  /** The longest the app's entry waits for a picture's paint (ms). */
  var HOLD_MS = 1000;
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

  var data = document.getElementById('first-screen-files');
  var files;
  try {
    files = JSON.parse((data && data.textContent) || '{}');
  } catch {
    files = {};
  }

  // The entry and the files it imports (the build moved their preloads from the head to here).
  var wanted = ['entry-files', 'catalogue:' + chosen];
  if (signIn) wanted.push('login');
  else if (path === '/session/forgot-password' || path === '/session/reset-password') wanted.push('recovery', 'recovery:' + chosen);
  else if (path === '/session/sign-up') wanted.push('sign-up', 'sign-up:' + chosen);
  else if (!outside) {
    wanted.push('shell', 'signed-in:' + chosen);
    if (path === '/dashboard' || path === '/') wanted.push('dashboard', 'dashboard:' + chosen);
  }
  /** The first screen's files, fetched beside the entry (as it starts, not to hold a picture's paint back). */
  var preloaded = {};
  var preload = function (keys) {
    for (var i = 0; i < keys.length; i += 1) {
      var list = preloaded[keys[i]] ? [] : files[keys[i]] || [];
      preloaded[keys[i]] = true;
      for (var j = 0; j < list.length; j += 1) {
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = list[j];
        document.head.appendChild(link);
      }
    }
  };

  // The app's entry, started here (the build leaves it out of index.html): after the picture's first
  // paint on a pictured page, so that its evaluation, long at a slow CPU, does not hold that paint
  // back (docs/scaling.md, "First open, signed out"); at once elsewhere, or in a hidden tab.
  var started = false;
  var startApp = function () {
    if (started) return;
    // Not before the root is in the document (this file runs above it).
    if (document.readyState === 'loading') return document.addEventListener('DOMContentLoaded', startApp);
    started = true;
    preload(wanted);
    if (!files.entry) return;
    var entry = document.createElement('script');
    entry.type = 'module';
    entry.crossOrigin = '';
    entry.src = files.entry;
    document.head.appendChild(entry);
  };
  var startAfterPaint = function (atMost) {
    if (document.visibilityState !== 'visible') return startApp();
    requestAnimationFrame(function () {
      setTimeout(startApp, 0);
    });
    setTimeout(startApp, atMost);
  };

  var box = document.getElementById('prerender');
  var locked;
  try {
    locked = !!localStorage.getItem('lockedAt');
  } catch {
    locked = false;
  }
  var figures = box && signedIn && !locked && (path === '/dashboard' || path === '/') && box.getAttribute('data-figures');
  // The entry's files at once, as the head's preloads were, except while the dashboard's picture
  // waits for the figures: there their fetching and compiling held its paint back at a slow CPU
  // (docs/scaling.md, "The dashboard's largest paint").
  if (!figures) preload(['entry-files']);
  if (box && page) {
    var picture = box.querySelector('[data-page="' + page + '"][data-language="' + chosen + '"]');
    if (picture) picture.hidden = false;
    startAfterPaint(HOLD_MS);
  } else if (figures) {
    askFigures(JSON.parse(figures), box.querySelector('[data-page="dashboard"][data-language="' + chosen + '"]'), JSON.parse(box.getAttribute('data-arrows')));
    // The entry waits for the figures' picture, not longer than HOLD_MS.
    setTimeout(startApp, HOLD_MS);
  } else {
    if (box) box.remove();
    startApp();
  }

  /** Asks for the figures as the app would, leaves the answer for it, and fills the picture with it. */
  function askFigures(call, picture, arrows) {
    var headers = { Accept: 'application/json', 'Content-Type': 'application/json' };
    headers[call.language] = chosen;
    headers[call.token] = localStorage.getItem('token');
    headers[call.time] = String(Date.now());
    var answer = fetch(call.url, { headers: headers, credentials: 'include' });
    window.firstScreen = { calls: new Map([[call.url, answer]]) };
    answer
      .then(function (response) {
        // Read from a copy before the app reads the answer itself.
        return response.ok ? response.clone().json() : null;
      })
      .then(function (envelope) {
        if (envelope && envelope.code === call.success && picture && picture.isConnected) {
          fill(picture, envelope.data, arrows);
          startAfterPaint(0);
        } else startApp();
      })
      .catch(startApp);
  }

  /** The figures card's tiles as FiguresCard draws them, from the answer; then shown, counting up. */
  function fill(picture, figures, arrows) {
    var texts = JSON.parse(picture.getAttribute('data-texts'));
    var number = {
      format: function (value) {
        return formatNumber(value, texts.marks);
      },
    };
    var say = function (template, values) {
      return template.replace(/\{(\w+)\}/g, function (all, name) {
        return Object.prototype.hasOwnProperty.call(values, name) ? values[name] : all;
      });
    };
    var note = function (slot) {
      return picture.querySelector('[data-note="' + slot + '"]');
    };
    var swaps = figures.swaps;
    if (swaps.changePercent === null) note('swaps').appendChild(document.createElement('span')).textContent = texts.none;
    else {
      var up = swaps.changePercent >= 0;
      var change = note('swaps').appendChild(document.createElement('span'));
      change.className = up ? 'figures-picture-up' : 'figures-picture-down';
      change.innerHTML = up ? arrows.up : arrows.down;
      var percent = number.format(Math.round(Math.abs(swaps.changePercent) * 10) / 10);
      change.appendChild(document.createTextNode(' ' + say(up ? texts.up : texts.down, { percent: percent, count: number.format(swaps.sameTimeYesterday) })));
    }
    note('vehicles').textContent = say(texts.inAll, { count: number.format(figures.vehiclesSold.total) });
    note('batteries').textContent = say(texts.inAll, { count: number.format(figures.batteriesSold.total) });
    note('users').textContent = say(texts.today, { count: number.format(figures.authenticatedUsers.today) });
    for (var k = 0; k < figures.openAlarms.byLevel.length; k += 1) {
      var level = figures.openAlarms.byLevel[k];
      var tag = note('alarms').appendChild(document.createElement('span'));
      var look = texts.levels[level.level];
      tag.className = 'figures-picture-tag';
      tag.style.color = look.style.color;
      tag.style.background = look.style.background;
      tag.style.borderColor = look.style.borderColor;
      tag.textContent = look.name + ' ' + number.format(level.count);
    }
    var welcome = picture.querySelector('[data-welcome]');
    var user;
    try {
      user = JSON.parse(localStorage.getItem('userInfo') || 'null');
    } catch {
      user = null;
    }
    if (user && user.username) welcome.textContent = say(texts.welcome, { name: user.username });
    else welcome.remove();
    var counts = {
      swaps: swaps.today,
      vehicles: figures.vehiclesSold.today,
      batteries: figures.batteriesSold.today,
      users: figures.authenticatedUsers.total,
      alarms: figures.openAlarms.total,
    };
    var still = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    for (var value in counts) picture.querySelector('[data-count="' + value + '"]').setAttribute('data-value', counts[value]);
    var began = performance.now();
    window.firstScreen.figuresSince = began;
    var count = function (now) {
      if (!picture.isConnected) return;
      var progress = still ? 1 : Math.min(1, Math.max(0, now - began) / texts.countMs);
      var eased = 1 - Math.pow(1 - progress, 3);
      for (var slot in counts) {
        var shown = progress >= 1 ? counts[slot] : counts[slot] * eased;
        picture.querySelector('[data-count="' + slot + '"]').textContent = number.format(Math.round(shown));
      }
      if (progress < 1) requestAnimationFrame(count);
    };
    count(began);
    picture.hidden = false;
  }

  /**
   * A number as the app writes it (shared/format.ts formatNumber: the language's digit grouping and
   * decimal mark, at most three decimals), with the marks the build read from Intl (`marks`), not
   * Intl itself: its first use in a page cost 0.2-0.3 s at 4x CPU before the picture's paint.
   */
  function formatNumber(value, marks) {
    var parts = String(Math.round(Math.abs(value) * 1000) / 1000).split('.');
    var whole = parts[0].replace(/\B(?=(\d{3})+(?!\d))/g, marks.group);
    return (value < 0 ? '-' : '') + whole + (parts[1] ? marks.decimal + parts[1] : '');
  }

})();
