// A line chart drawn as SVG (no library): the MDP trace.

const NS = "http://www.w3.org/2000/svg";

function svg(tag, attributes, text) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * Draws `values` as a polyline with axes into `container`; `reference`, if
 * given, is drawn as a dashed horizontal line (the optimum).
 */
export function lineChart(container, values, { xLabel = "", reference = null } = {}) {
  const width = 360, height = 230, left = 50, right = 10, top = 10, bottom = 38;
  const all = reference === null ? values : [...values, reference];
  let low = Math.min(...all), high = Math.max(...all);
  if (high - low < 1e-9) { low -= 0.5; high += 0.5; }
  const x = (i) => left + (values.length <= 1 ? 0 : (i * (width - left - right)) / (values.length - 1));
  const y = (v) => top + ((high - v) * (height - top - bottom)) / (high - low);
  const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "chart", role: "img", "aria-label": `trace of ${values.length} points from ${values[0]} to ${values[values.length - 1]}` });
  for (let k = 0; k <= 4; k += 1) {
    const v = low + ((high - low) * k) / 4;
    chart.append(svg("line", { x1: left, x2: width - right, y1: y(v), y2: y(v), class: "grid" }));
    chart.append(svg("text", { x: left - 6, y: y(v) + 4, "text-anchor": "end" }, v.toFixed(3)));
  }
  chart.append(svg("line", { x1: left, x2: left, y1: top, y2: height - bottom, class: "axis" }));
  chart.append(svg("line", { x1: left, x2: width - right, y1: height - bottom, y2: height - bottom, class: "axis" }));
  chart.append(svg("text", { x: left, y: height - bottom + 16, "text-anchor": "middle" }, "1"));
  chart.append(svg("text", { x: width - right, y: height - bottom + 16, "text-anchor": "end" }, String(values.length)));
  chart.append(svg("text", { x: (left + width) / 2, y: height - 6, "text-anchor": "middle" }, xLabel));
  if (reference !== null) chart.append(svg("line", { x1: left, x2: width - right, y1: y(reference), y2: y(reference), class: "optimum" }));
  chart.append(svg("polyline", { class: "series", points: values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ") }));
  for (const [i, v] of values.entries()) {
    if (values.length <= 60) chart.append(svg("circle", { cx: x(i), cy: y(v), r: 3, fill: "var(--accent)" }, undefined));
  }
  container.replaceChildren(chart);
}
