// The "try it" page: a text box, a Run button and the output.  Python runs in a
// Web Worker (tryit-worker.js), so that the page stays responsive during a long
// computation and Stop can end it (by ending the worker and starting another).
"use strict";

const $ = (id) => document.getElementById(id);
let worker = null;
let pending = 0; // the id of the cell being run, 0 when none

function status(state, text) {
  $("status").dataset.state = state;
  $("status").textContent = text;
  $("run").disabled = state !== "ready";
  $("stop").disabled = state !== "running";
}

function show(id, text) {
  $(id).hidden = !text;
  $(id).textContent = text || "";
}

function start() {
  status("loading", "Loading Python…");
  worker = new Worker("tryit-worker.js");
  worker.onmessage = (event) => {
    const msg = event.data;
    if (msg.type === "ready") {
      status("ready", `Ready: cgt ${msg.cgt} on Python ${msg.python} (Pyodide ${msg.pyodide}).`);
    } else if (msg.type === "missing") {
      status("missing", msg.message);
    } else if (msg.type === "failed") {
      status("error", "Python could not start: " + msg.message);
    } else if (msg.type === "result" && msg.id === pending) {
      pending = 0;
      const r = msg.result;
      show("stdout", r.stdout);
      show("value", r.value);
      show("error", r.error);
      $("picture").hidden = !r.svg;
      $("picture").innerHTML = r.svg || ""; // cgt's own drawing of the value
      const svg = $("picture").querySelector("svg");
      if (svg && svg.width.baseVal.value < 200) { // small boards, drawn twice as large
        svg.setAttribute("width", 2 * svg.width.baseVal.value);
        svg.setAttribute("height", 2 * svg.height.baseVal.value);
      }
      status("ready", `Done in ${msg.seconds.toFixed(2)} s.`);
    }
  };
  worker.onerror = (event) => status("error", "Python stopped: " + event.message);
}

function run() {
  if ($("run").disabled) return;
  pending += 1;
  for (const id of ["stdout", "value", "error", "picture"]) $(id).hidden = true;
  status("running", "Running…");
  worker.postMessage({ id: pending, code: $("code").value });
}

function stop() {
  worker.terminate();
  pending = 0;
  show("error", "Stopped (Python restarts: the names you defined are gone).");
  start();
}

async function examples() {
  const list = await (await fetch("examples.json")).json();
  for (const { title, code } of list) {
    const option = document.createElement("option");
    option.textContent = title;
    option.value = code;
    $("examples").append(option);
  }
  $("examples").addEventListener("change", () => {
    if ($("examples").value) $("code").value = $("examples").value;
    $("code").focus();
  });
}

$("run").addEventListener("click", run);
$("stop").addEventListener("click", stop);
$("code").addEventListener("input", () => {
  $("examples").selectedIndex = 0; // the text is no longer the example's
});
$("code").addEventListener("keydown", (event) => {
  if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    run();
  }
});
examples();
start();
