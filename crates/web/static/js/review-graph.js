// The review's evaluation graph: the first player's expected score after
// each ply, drawn as inline SVG (no library); a click picks a ply.

const NS = "http://www.w3.org/2000/svg";

function svg(tag, attributes, text) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * Draws `points` (expected scores 0…1, one per position from the start)
 * into `container`; `marks[i]` is a class name for position i's dot (the
 * class of the move that led there) or null; `current` is the ply shown;
 * `onPick(ply)` is called when the person clicks the graph.
 */
export function evaluationGraph(container, points, { marks = [], current = -1, label = "", onPick = () => {} } = {}) {
  const width = 360, height = 160, left = 8, right = 8, top = 8, bottom = 8;
  const span = Math.max(1, points.length - 1);
  const x = (i) => left + (i * (width - left - right)) / span;
  const y = (v) => top + (1 - v) * (height - top - bottom);
  const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "chart review-graph", role: "img", "aria-label": label });
  chart.append(svg("title", {}, label));
  const area = [`${x(0)},${y(0)}`, ...points.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`), `${x(points.length - 1)},${y(0)}`];
  chart.append(svg("polygon", { class: "advantage", points: area.join(" ") }));
  chart.append(svg("line", { x1: left, x2: width - right, y1: y(0.5), y2: y(0.5), class: "grid" }));
  chart.append(svg("polyline", { class: "series", points: points.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ") }));
  if (current >= 0 && current < points.length) {
    chart.append(svg("line", { x1: x(current), x2: x(current), y1: top, y2: height - bottom, class: "cursor" }));
  }
  for (const [i, v] of points.entries()) {
    if (marks[i]) chart.append(svg("circle", { cx: x(i), cy: y(v), r: 3.5, class: `mark ${marks[i]}`, "data-ply": i }));
  }
  chart.addEventListener("click", (event) => {
    const box = chart.getBoundingClientRect();
    const fraction = (event.clientX - box.left) / Math.max(1, box.width);
    const ply = Math.round(((fraction * width - left) / (width - left - right)) * span);
    onPick(Math.min(points.length - 1, Math.max(0, ply)));
  });
  container.replaceChildren(chart);
}
