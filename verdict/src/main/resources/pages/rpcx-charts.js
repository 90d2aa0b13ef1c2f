// Draws a report page's interactive charts with Chart.js from the JSON in #chart-data
// (ChartData.java): a line per protocol (and percentile), its 95 % interval as a band, tooltips
// with the estimator, log axes where values span decades (a button switches), a legend that hides
// a series with its band, a request-count picker, and a PNG of each chart. A point the console
// warned about (still rising, contended, harness-limited, link off its profile) is a triangle, its
// warning in the tooltip. When done it records
// on <body data-charts-drawn="n/total" data-charts-painted="n"> how many charts were drawn and
// how many canvases hold coloured pixels, for a headless browser to check.
(function () {
  'use strict';

  function fmt(v) {
    if (v === null || v === undefined) return '–';
    return Math.abs(v) >= 100 ? Math.round(v).toLocaleString('en') : v.toPrecision(3);
  }

  function withAlpha(hex, alpha) {
    var n = parseInt(hex.slice(1), 16);
    return 'rgba(' + (n >> 16) + ',' + ((n >> 8) & 255) + ',' + (n & 255) + ',' + alpha + ')';
  }

  function datasets(chart, group) {
    var out = [];
    chart.series.filter(function (s) { return s.group === group; }).forEach(function (s, i) {
      var owner = s.label;
      var hasBand = s.points.some(function (p) { return p.low !== undefined; });
      if (hasBand) {
        out.push({ label: owner + ' 95 % low', owner: owner, band: true, borderWidth: 0,
          pointRadius: 0, fill: false, data: s.points.filter(function (p) { return p.low !== undefined; })
            .map(function (p) { return { x: p.x, y: p.low }; }) });
        out.push({ label: owner + ' 95 % high', owner: owner, band: true, borderWidth: 0,
          pointRadius: 0, fill: '-1', backgroundColor: withAlpha(s.color, 0.15),
          data: s.points.filter(function (p) { return p.high !== undefined; })
            .map(function (p) { return { x: p.x, y: p.high }; }) });
      }
      out.push({
        label: owner, owner: owner, borderColor: s.color, backgroundColor: s.color,
        borderDash: s.dash, spanGaps: false,
        pointStyle: s.points.map(function (p) {
          return p.overload ? 'crossRot' : p.warning ? 'triangle' : 'circle'; }),
        pointRadius: s.points.map(function (p) { return p.overload || p.warning ? 7 : 3; }),
        data: s.points.map(function (p) {
          return { x: p.x, y: p.y, low: p.low, high: p.high, note: p.note, estimator: p.estimator,
            warning: p.warning };
        })
      });
    });
    return out;
  }

  function groups(chart) {
    var seen = [];
    chart.series.forEach(function (s) { if (seen.indexOf(s.group) < 0) seen.push(s.group); });
    return seen;
  }

  function config(c, group, yLog) {
    return {
      type: 'line',
      data: { datasets: datasets(c, group) },
      options: {
        animation: false,
        responsive: false,
        parsing: false,
        normalized: true,
        plugins: {
          title: { display: true, text: c.title + (group === 'all' ? '' : ', ' + group) },
          legend: {
            labels: { filter: function (item, data) { return !data.datasets[item.datasetIndex].band; } },
            onClick: function (e, item, legend) {
              var ch = legend.chart;
              var owner = ch.data.datasets[item.datasetIndex].owner;
              var hide = ch.isDatasetVisible(item.datasetIndex);
              ch.data.datasets.forEach(function (d, i) {
                if (d.owner === owner) ch.setDatasetVisibility(i, !hide);
              });
              ch.update();
            }
          },
          tooltip: {
            filter: function (item) { return !item.dataset.band; },
            callbacks: {
              label: function (ctx) {
                var p = ctx.raw;
                var text = ctx.dataset.label + ': ' + fmt(p.y);
                if (p.low !== undefined) text += ' (95 % ' + fmt(p.low) + '–' + fmt(p.high) + ')';
                if (p.note) text += ' – ' + p.note;
                return text;
              },
              footer: function (items) {
                var p = items.length ? items[0].raw : null;
                var lines = [];
                if (p && p.estimator) lines.push(p.estimator);
                if (p && p.warning) lines.push('warning: ' + p.warning);
                return lines;
              }
            }
          }
        },
        scales: {
          x: { type: c.x.log ? 'logarithmic' : 'linear', title: { display: true, text: c.x.title } },
          y: { type: yLog ? 'logarithmic' : 'linear',
            title: { display: true, text: c.y.title + (yLog ? ' (log scale)' : '') } }
        }
      }
    };
  }

  function painted(canvas) {
    var ctx = canvas.getContext('2d');
    var px = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    for (var i = 0; i < px.length; i += 4) {
      if (px[i + 3] > 0 && (px[i] !== px[i + 1] || px[i + 1] !== px[i + 2])) return true;
    }
    return false;
  }

  function draw() {
    var source = document.getElementById('chart-data');
    if (!source) return;
    var data = JSON.parse(source.textContent);
    var drawn = 0, colour = 0;
    data.charts.forEach(function (c) {
      var canvas = document.getElementById('chart-' + c.id);
      if (!canvas || typeof Chart === 'undefined') return;
      var all = groups(c);
      var state = { group: all[all.length - 1], yLog: c.y.log };
      var chart = new Chart(canvas, config(c, state.group, state.yLog));
      var redraw = function () {
        chart.destroy();
        chart = new Chart(canvas, config(c, state.group, state.yLog));
      };
      var pick = document.getElementById('pick-' + c.id);
      if (pick && all.length > 1) {
        all.forEach(function (g) {
          var o = document.createElement('option');
          o.value = g; o.textContent = g; o.selected = g === state.group;
          pick.appendChild(o);
        });
        pick.hidden = false;
        pick.addEventListener('change', function () { state.group = pick.value; redraw(); });
      }
      var log = document.getElementById('log-' + c.id);
      if (log) log.addEventListener('click', function () { state.yLog = !state.yLog; redraw(); });
      var png = document.getElementById('png-' + c.id);
      if (png) png.addEventListener('click', function () {
        png.href = chart.toBase64Image();
        png.download = c.id + '.png';
      });
      drawn++;
      if (painted(canvas)) colour++;
    });
    document.body.setAttribute('data-charts-drawn', drawn + '/' + data.charts.length);
    document.body.setAttribute('data-charts-painted', String(colour));
  }

  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', draw);
  } else {
    draw();
  }
})();
