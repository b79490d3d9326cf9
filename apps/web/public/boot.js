// The member's theme (System / Light / Dark, kept per device by src/lib/theme.ts under this key),
// set on <html> before the body is drawn so the first paint is never the other theme.
try {
  const stored = window.localStorage.getItem('devplay-theme');
  const light =
    stored === 'light' ||
    (stored !== 'dark' && window.matchMedia('(prefers-color-scheme: light)').matches);
  document.documentElement.dataset.theme = light ? 'light' : 'dark';
} catch {
  document.documentElement.dataset.theme = 'dark';
}

// The start-up refresh (SPEC §4), sent while the app's code is still on its way:
// every signed-in page waits for it. The app takes the answer from the slot below
// (takeStartupRefresh in src/lib/api-client.ts). If the app got there first, it has emptied
// the slot and this stands back: the server rotates the refresh cookie on every use and would
// take a second refresh for a stolen token. Only when the marker cookie says a session may exist;
// then index.html's header bar is shown too, so a member's first paint needs no app code.
// A file served as it is, run before any module, cannot import the route contract: the marker
// cookie's name and the refresh operation's method and path are written out here, and
// src/lib/startup-refresh.test.ts fails when they no longer match the shared ones.
const markedMember = /(?:^|;\s*)dp_session=[^;]/.test(document.cookie);
if (markedMember) document.documentElement.classList.add('boot-member');
if (window.__devplayStartupRefresh === undefined && markedMember) {
  const refreshed = fetch('/api/refresh', {
    method: 'POST',
    credentials: 'include',
  }).catch(() => null);
  window.__devplayStartupRefresh = refreshed;
  // The home feed's first page leaves the moment the refresh gives a token, so it arrives while
  // the code is still on its way instead of after it (takeStartupFeed, src/lib/startup-feed.ts).
  // The answer is read from a copy: the app reads the refresh's own body for its token.
  if (window.location.pathname === '/home_page') {
    window.__devplayStartupFeed = refreshed
      .then((answer) => (answer && answer.ok ? answer.clone().json() : null))
      .then((body) => {
        if (!body || typeof body.token !== 'string') return null;
        let feed = 'all';
        try {
          if (window.localStorage.getItem('homeFeed') === 'following') feed = 'following';
        } catch {
          // Storage can be disabled: the app's feed then starts on All too.
        }
        return fetch('/api/posts?feed=' + feed + '&limit=10', {
          credentials: 'include',
          headers: { 'access-token': body.token, Accept: 'application/json' },
        });
      })
      .catch(() => null);
  }
}
