// The paint-first loader (docs/decisions/0015-paint-first.md). scripts/paint-first.mjs inlines it
// at the end of every page's <head>, without these comment lines and the indentation. It turns the
// placeholders the server wrote for Next's chunk scripts back into async scripts once the browser
// reports its first contentful paint, or at once when there is no paint to wait for.
// ES5 on purpose: it runs before anything else on the page, in whatever browser asked.
(function () {
  var d = document;
  var started = false;
  // One script per task: adding a script element costs the main thread a few milliseconds (the
  // request is set up synchronously), and ten of them in one task made a long task of their own on
  // a slow phone. The scripts are async, so the order they are added in does not matter.
  function load() {
    var pending = [];
    d.querySelectorAll('script[data-paint-first]').forEach(function (p) {
      var u = p.getAttribute('data-paint-first');
      p.removeAttribute('data-paint-first');
      pending.push(u);
    });
    function next() {
      var u = pending.shift();
      if (u === undefined) return;
      // React may have inserted the same chunk already (it finds scripts by src).
      if (!d.querySelector('script[src="' + u + '"]')) {
        var s = d.createElement('script');
        s.src = u;
        s.async = true;
        d.head.appendChild(s);
      }
      if (pending.length) setTimeout(next, 0);
    }
    next();
  }
  function start() {
    if (started) return;
    started = true;
    load();
    // Placeholders still being parsed are loaded once the document is complete.
    if (d.readyState === 'loading') d.addEventListener('DOMContentLoaded', load);
  }
  // Nothing to wait for: a page that is not shown, or Next's error shell (its body is empty until
  // the client renders, so it has no contentful paint).
  if (d.visibilityState !== 'visible' || d.documentElement.id === '__next_error__') {
    start();
    return;
  }
  var P = window.PerformanceObserver;
  if (!P || !P.supportedEntryTypes || P.supportedEntryTypes.indexOf('paint') < 0) {
    // No paint timing: after the first frame.
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
    return;
  }
  new P(function (list, observer) {
    if (list.getEntriesByName('first-contentful-paint').length) {
      observer.disconnect();
      start();
    }
  }).observe({ type: 'paint', buffered: true });
  // The safety net, should the paint never be reported.
  setTimeout(start, 3000);
})();
