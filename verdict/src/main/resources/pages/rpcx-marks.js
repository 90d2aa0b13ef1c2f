// What a self-contained page (scorecard, map) records on <body> once its charts are drawn, for a
// headless browser to check: how many charts were drawn (data-charts-drawn="n/total"), how many
// canvases hold coloured pixels (data-charts-painted), whether the page fits the window's width
// (data-fits-width) and the theme it drew in (data-theme).
var rpcxMarks = (function () {
  'use strict';

  function painted(canvas) {
    var px = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    for (var i = 0; i < px.length; i += 4) {
      if (px[i + 3] > 0 && (px[i] !== px[i + 1] || px[i + 1] !== px[i + 2])) return true;
    }
    return false;
  }

  function done(drawn, total, colour) {
    document.body.setAttribute('data-charts-drawn', drawn + '/' + total);
    document.body.setAttribute('data-charts-painted', String(colour));
    document.body.setAttribute('data-fits-width',
      String(document.documentElement.scrollWidth <= window.innerWidth + 1));
    document.body.setAttribute('data-theme',
      matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');
  }

  return { painted: painted, done: done };
})();
