// Applies the chosen colour theme before the first paint. A file of the app's own origin, not an
// inline script: the Content-Security-Policy allows no inline script (src/server/security-headers.ts).
// The same rules, kept in step, live in src/ui/theme.svelte.ts (the switch).
(function () {
  var choice;
  try {
    choice = JSON.parse(localStorage.getItem('devtoolbox:theme'));
  } catch (error) {
    return;
  }
  if (choice !== 'light' && choice !== 'dark') return;
  document.documentElement.dataset.theme = choice;
  // Each theme-color meta is for one scheme; a chosen theme gives all of them its colour.
  var metas = document.querySelectorAll('meta[name="theme-color"]');
  var colour;
  for (var i = 0; i < metas.length; i++) {
    metas[i].dataset.scheme = metas[i].content;
    if (metas[i].media.indexOf(choice) >= 0) colour = metas[i].content;
  }
  if (colour) for (var j = 0; j < metas.length; j++) metas[j].content = colour;
})();
