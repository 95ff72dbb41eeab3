// Run in the report page (the test inserts it into a copy): every panel shown, then for each
// SVG chart the client boxes of all its text elements (transforms applied) are compared
// pairwise; overlaps and texts outside their SVG are written into <pre id="overlap-result">
// for chromium --dump-dom.  Leaves the result "labels N overlaps M outside K" plus lines.
(function () {
  document.querySelectorAll('.model-toggle .panel').forEach(function (p) { p.style.display = 'block'; });
  var lines = [], nlabels = 0, overlaps = 0, outside = 0, charts = 0;
  document.querySelectorAll('svg').forEach(function (svg) {
    charts++;
    var sr = svg.getBoundingClientRect();
    var boxes = [];
    svg.querySelectorAll('text').forEach(function (t) {
      var r = t.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) return;
      boxes.push({ r: r, s: t.textContent });
      if (r.left < sr.left - 0.5 || r.right > sr.right + 0.5 || r.top < sr.top - 0.5 || r.bottom > sr.bottom + 0.5) {
        outside++;
        lines.push('OUTSIDE ' + svg.id + ': "' + t.textContent + '"');
      }
    });
    nlabels += boxes.length;
    for (var i = 0; i < boxes.length; i++)
      for (var j = i + 1; j < boxes.length; j++) {
        var a = boxes[i].r, b = boxes[j].r;
        var w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        var h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (w > 0.5 && h > 0.5) {
          overlaps++;
          lines.push('OVERLAP ' + svg.id + ': "' + boxes[i].s + '" / "' + boxes[j].s + '" (' +
                     w.toFixed(1) + ' x ' + h.toFixed(1) + ' px)');
        }
      }
  });
  var pre = document.createElement('pre');
  pre.id = 'overlap-result';
  pre.textContent = 'charts ' + charts + ' labels ' + nlabels + ' overlaps ' + overlaps +
    ' outside ' + outside + '\n' + lines.join('\n');
  document.body.appendChild(pre);
})();
