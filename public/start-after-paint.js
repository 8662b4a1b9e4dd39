// Starts the app of a page the server rendered once that page has been painted (src/server/http/page-html.ts):
// its code then does not take a phone's bandwidth before the stylesheet and the content's first paint.
// A classic deferred script, so it runs after the stylesheet has loaded and can read its own attributes.
(function () {
  var script = document.currentScript;
  var app = script.getAttribute('data-app');
  var preloads = JSON.parse(script.getAttribute('data-preloads') || '[]');
  function start() {
    preloads.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      link.crossOrigin = '';
      document.head.appendChild(link);
    });
    var module = document.createElement('script');
    module.type = 'module';
    module.crossOrigin = '';
    module.src = app;
    document.head.appendChild(module);
  }
  // The frame's callback runs before the paint; a task queued from it runs after.
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
})();
