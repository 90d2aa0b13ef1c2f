// Draws a map's charts with Chart.js from the JSON in #map-data (MapPage.java): per line of the
// map's first axis, each candidate's SLO capacity (dots joined) with its 95 % interval (a band) and
// its bound from the link's model (dashed). Colours follow the page's theme. When done it records
// on <body> how many charts were drawn (data-charts-drawn="n/total"), how many canvases hold
// coloured pixels (data-charts-painted) and whether the page fits the window's width
// (data-fits-width), for a headless browser to check (rpcx-marks.js).
(function () {
  'use strict';

  function css(name) {
    return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  }

  function alpha(hex, a) {
    var n = parseInt(hex.slice(1), 16);
    return 'rgba(' + (n >> 16) + ',' + ((n >> 8) & 255) + ',' + (n & 255) + ',' + a + ')';
  }

  function fmt(v) {
    return Math.abs(v) >= 100 ? Math.round(v).toLocaleString('en') : (+v.toPrecision(3)).toString();
  }

  function chart(c) {
    var sets = [];
    c.series.forEach(function (s) {
      var withBand = s.points.filter(function (p) { return p.low !== undefined; });
      if (withBand.length) {
        sets.push({ type: 'line', label: s.name + ' low', hideInLegend: true,
          data: withBand.map(function (p) { return { x: p.x, y: Math.max(p.low, 1) }; }),
          borderWidth: 0, pointRadius: 0, fill: false });
        sets.push({ type: 'line', label: s.name + ' 95 %', hideInLegend: true,
          data: withBand.map(function (p) { return { x: p.x, y: Math.max(p.high, 1) }; }),
          borderWidth: 0, pointRadius: 0, fill: '-1', backgroundColor: alpha(s.colour, 0.18) });
      }
      sets.push({ type: 'line', label: s.name, data: s.points.map(function (p) {
        return { x: p.x, y: Math.max(p.y, 1) }; }),
        borderColor: s.colour, backgroundColor: s.colour, borderWidth: 2, pointRadius: 4,
        tip: function (p) { return s.name + ': ' + fmt(p.y) + ' calls/s at ' + fmt(p.x); } });
      if (s.bound.length) {
        sets.push({ type: 'line', label: s.name + ' bound', data: s.bound.map(function (p) {
          return { x: p.x, y: Math.max(p.y, 1), binding: p.binding }; }),
          borderColor: s.colour, borderDash: [6, 4], borderWidth: 1.5, pointRadius: 0,
          tip: function (p) { return s.name + ' bound ' + fmt(p.y) + ' (' + p.binding + ')'; } });
      }
    });
    return {
      type: 'line', data: { datasets: sets },
      options: {
        animation: false, responsive: true, maintainAspectRatio: false, parsing: true,
        plugins: {
          legend: { labels: { filter: function (item, data) {
            return !data.datasets[item.datasetIndex].hideInLegend; } } },
          tooltip: { callbacks: { label: function (ctx) {
            return ctx.dataset.tip ? ctx.dataset.tip(ctx.raw) : ''; } } }
        },
        scales: {
          x: { type: c.log ? 'logarithmic' : 'linear', title: { display: true, text: c.x } },
          y: { type: 'logarithmic', title: { display: true, text: 'SLO capacity, calls/s' } }
        }
      }
    };
  }

  function draw() {
    var source = document.getElementById('map-data');
    if (!source || typeof Chart === 'undefined') return;
    var d = JSON.parse(source.textContent);
    Chart.defaults.color = css('--fg');
    Chart.defaults.borderColor = css('--rule');
    var drawn = 0, colour = 0;
    d.charts.forEach(function (c) {
      var canvas = document.getElementById('chart-' + c.id);
      if (!canvas) return;
      new Chart(canvas, chart(c));
      drawn++;
      if (rpcxMarks.painted(canvas)) colour++;
    });
    rpcxMarks.done(drawn, d.charts.length, colour);
  }

  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', draw);
  } else {
    draw();
  }
})();
