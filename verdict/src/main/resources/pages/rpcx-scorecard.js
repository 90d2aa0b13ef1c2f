// Draws the scorecard's three charts with Chart.js from the JSON in #scorecard-data
// (ScorecardCharts.java): each candidate's SLO capacity with its 95 % interval and its rounds, the
// probability of meeting the SLO against the rate (the capacity model's probit, with every probe
// at 1 met / 0 missed), and the SLO percentile every probe reached against its rate, the SLO as a
// line. Colours follow the page's theme (light or dark). When done it records on <body> how many
// charts were drawn (data-charts-drawn="n/total"), how many canvases hold coloured pixels
// (data-charts-painted) and whether the page fits the window's width (data-fits-width), for a
// headless browser to check.
(function () {
  'use strict';

  function fmt(v) {
    if (v === null || v === undefined) return '–';
    return Math.abs(v) >= 100 ? Math.round(v).toLocaleString('en') : v.toPrecision(3);
  }

  function alpha(hex, a) {
    var n = parseInt(hex.slice(1), 16);
    return 'rgba(' + (n >> 16) + ',' + ((n >> 8) & 255) + ',' + (n & 255) + ',' + a + ')';
  }

  function css(name) {
    return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  }

  // a log axis labels 1, 2 and 5 of each decade only (every minor tick labelled overlaps)
  function decades(v) {
    var m = v / Math.pow(10, Math.floor(Math.log10(v) + 1e-9));
    if (![1, 2, 5].some(function (k) { return Math.abs(m - k) < 1e-6; })) return '';
    return v >= 1 ? Math.round(v).toLocaleString('en') : String(+v.toPrecision(1));
  }

  function axis(title, log, extra) {
    var a = { type: log ? 'logarithmic' : 'linear', title: { display: true, text: title } };
    if (log) a.ticks = { callback: decades, autoSkip: false, maxRotation: 0 };
    Object.keys(extra || {}).forEach(function (k) { a[k] = extra[k]; });
    return a;
  }

  function base(title, scales, tooltip) {
    return {
      animation: false, responsive: true, maintainAspectRatio: false,
      plugins: {
        title: { display: true, text: title },
        legend: { labels: { filter: function (item, data) {
          return !data.datasets[item.datasetIndex].hideInLegend; } } },
        tooltip: { callbacks: { label: tooltip } }
      },
      scales: scales
    };
  }

  function capacity(d) {
    var names = d.capacity.map(function (c) { return c.name; });
    var positive = [];
    d.capacity.forEach(function (c) {
      [c.value, c.low, c.high].concat(c.rounds).forEach(function (v) {
        if (v > 0) positive.push(v); });
    });
    var lowest = positive.length ? Math.min.apply(null, positive) : 1;
    var log = d.capacity.every(function (c) { return c.value > 0; }) &&
      Math.max.apply(null, positive) >= 10 * lowest;
    // on a log axis an interval reaching 0 is drawn down to the axis's left end (its tooltip
    // gives the true ends)
    var floor = lowest / 2;
    var sets = [{
      type: 'bar', label: '95 % interval', hideInLegend: true,
      data: d.capacity.map(function (c) {
        return c.low === undefined ? null : [log ? Math.max(c.low, floor) : c.low, c.high]; }),
      backgroundColor: d.capacity.map(function (c) { return alpha(c.color, 0.3); }),
      borderColor: d.capacity.map(function (c) { return c.color; }), borderWidth: 1,
      barPercentage: 0.5, tip: function (i) {
        var c = d.capacity[i];
        return c.name + ': 95 % ' + fmt(c.low) + '–' + fmt(c.high) + ' calls/s'; }
    }, {
      type: 'scatter', label: 'mean of rounds',
      data: d.capacity.map(function (c) { return { x: c.value, y: c.name }; }),
      pointStyle: 'rectRot', pointRadius: 8, backgroundColor: d.capacity.map(function (c) {
        return c.color; }), borderColor: css('--fg'),
      tip: function (i) { var c = d.capacity[i];
        return c.name + ': ' + fmt(c.value) + ' calls/s (' + c.estimator + ')'; }
    }, {
      type: 'scatter', label: 'a round',
      data: [].concat.apply([], d.capacity.map(function (c) {
        return c.rounds.map(function (r) { return { x: r, y: c.name }; }); })),
      pointStyle: 'circle', pointRadius: 3, backgroundColor: css('--muted'),
      tip: function (i, p) { return 'a round: ' + fmt(p.x) + ' calls/s'; }
    }];
    return {
      type: 'bar', data: { labels: names, datasets: sets },
      options: Object.assign(base(d.titles.capacity, {
        x: axis('SLO capacity, calls/s (highest rate meeting ' + d.slo + ')', log,
          log ? { min: floor } : { beginAtZero: true }),
        y: { type: 'category', labels: names }
      }, function (ctx) {
        var set = ctx.dataset;
        return set.tip ? set.tip(ctx.dataIndex, ctx.raw) : '';
      }), { indexAxis: 'y' })
    };
  }

  function probability(d) {
    var sets = [];
    d.probability.forEach(function (s, i) {
      if (s.curve.length) {
        sets.push({ type: 'line', label: s.name, data: s.curve, borderColor: s.color,
          backgroundColor: s.color, pointRadius: 0, borderWidth: 2, borderDash: s.dash,
          tip: function (j, p) { return s.name + ': P(meets) ' + fmt(p.y) + ' at ' +
            fmt(p.x) + ' calls/s'; } });
      }
      sets.push({ type: 'scatter', label: s.name + ' probes', hideInLegend: s.curve.length > 0,
        data: s.probes.map(function (p) {
          return { x: p.x, y: p.met ? 1 - 0.025 * i : 0.025 * i, round: p.round, met: p.met }; }),
        pointStyle: s.probes.map(function (p) { return p.met ? 'circle' : 'crossRot'; }),
        pointRadius: 4, borderColor: s.color, backgroundColor: alpha(s.color, 0.5),
        tip: function (j, p) { return s.name + ' round ' + p.round + ': ' +
          (p.met ? 'met' : 'missed') + ' at ' + fmt(p.x) + ' calls/s'; } });
    });
    var xs = [];
    d.probability.forEach(function (s) { s.probes.forEach(function (p) { xs.push(p.x); }); });
    if (xs.length) {
      var lo = Math.min.apply(null, xs), hi = Math.max.apply(null, xs);
      sets.push({ type: 'line', label: '90 %: plan with', hideInLegend: true,
        data: [{ x: lo, y: 0.9 }, { x: hi, y: 0.9 }], borderColor: css('--muted'),
        borderDash: [4, 4], borderWidth: 1, pointRadius: 0,
        tip: function () { return 'P = 0.9: the rate to plan with'; } });
    }
    return {
      type: 'scatter', data: { datasets: sets },
      options: base(d.titles.probability, {
        x: axis('offered rate, calls/s', true),
        y: axis('P(meets ' + d.slo + ')', false, { min: -0.05, max: 1.05,
          // the probes sit at 0 and 1: a margin either side, ticks at 0, 0.2, ... 1 only
          afterBuildTicks: function (scale) {
            scale.ticks = [0, 0.2, 0.4, 0.6, 0.8, 1].map(function (v) { return { value: v }; });
          } })
      }, function (ctx) { return ctx.dataset.tip ? ctx.dataset.tip(ctx.dataIndex, ctx.raw) : ''; })
    };
  }

  function latency(d) {
    var sets = [], xs = [];
    d.latency.forEach(function (s) {
      s.points.forEach(function (p) { xs.push(p.x); });
      sets.push({ type: 'scatter', label: s.name, data: s.points,
        pointStyle: s.points.map(function (p) { return p.met ? 'circle' : 'crossRot'; }),
        pointRadius: 4, borderColor: s.color, backgroundColor: alpha(s.color, 0.5),
        tip: function (j, p) { return s.name + ' round ' + p.round + ': ' + d.percentile + ' ' +
          fmt(p.y) + ' µs at ' + fmt(p.x) + ' calls/s' +
          (p.limitedBy ? ', limited by ' + p.limitedBy : ''); } });
      sets.push({ type: 'line', label: s.name + ' median', hideInLegend: true, data: s.medians,
        borderColor: s.color, borderDash: s.dash, borderWidth: 1.5, pointRadius: 0,
        tip: function (j, p) { return s.name + ' median ' + fmt(p.y) + ' µs at ' +
          fmt(p.x) + ' calls/s'; } });
    });
    if (xs.length) {
      sets.push({ type: 'line', label: 'SLO ' + d.slo, data: [
        { x: Math.min.apply(null, xs), y: d.sloUs }, { x: Math.max.apply(null, xs), y: d.sloUs }],
        borderColor: css('--warnedge'), borderDash: [6, 4], borderWidth: 2, pointRadius: 0,
        tip: function () { return 'the SLO: ' + d.slo; } });
    }
    return {
      type: 'scatter', data: { datasets: sets },
      options: base(d.titles.latency, {
        x: axis('offered rate, calls/s', true),
        y: axis(d.percentile + ', µs from the intended start', true)
      }, function (ctx) { return ctx.dataset.tip ? ctx.dataset.tip(ctx.dataIndex, ctx.raw) : ''; })
    };
  }

  function draw() {
    var source = document.getElementById('scorecard-data');
    if (!source || typeof Chart === 'undefined') return;
    var d = JSON.parse(source.textContent);
    Chart.defaults.color = css('--fg');
    Chart.defaults.borderColor = css('--rule');
    var makers = { capacity: capacity, probability: probability, latency: latency };
    var drawn = 0, colour = 0, total = 0;
    Object.keys(makers).forEach(function (id) {
      var canvas = document.getElementById('chart-' + id);
      if (!canvas) return;
      total++;
      new Chart(canvas, makers[id](d));
      drawn++;
      if (rpcxMarks.painted(canvas)) colour++;
    });
    rpcxMarks.done(drawn, total, colour);
    var cap = document.getElementById('chart-capacity');
    if (cap) {
      // where the capacity chart starts on the page: on the first screen, or not
      document.body.setAttribute('data-capacity-top',
        String(Math.round(cap.getBoundingClientRect().top + window.scrollY)));
    }
  }

  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', draw);
  } else {
    draw();
  }
})();
