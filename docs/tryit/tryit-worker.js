// Python for the "try it" page: Pyodide, with the wheels listed in manifest.json
// (cgt's pure-Python wheel and its dependencies) unpacked into site-packages.
// Everything is fetched from the page's own origin.
"use strict";

let runner = null;

async function fetchOk(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
  return response;
}

async function start() {
  const manifest = await (await fetchOk("manifest.json")).json();
  if (!manifest.wheels.length) {
    postMessage({
      type: "missing",
      message:
        "Pyodide was not fetched when this site was built: run " +
        "`python docs/tryit/tryit_build.py --fetch` and build the documentation again.",
    });
    return;
  }
  importScripts("pyodide/pyodide.js");
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", self.location).href });
  const site = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  for (const name of manifest.wheels) {
    const data = await (await fetchOk("wheels/" + name)).arrayBuffer();
    pyodide.unpackArchive(data, "wheel", { extractDir: site });
  }
  pyodide.FS.writeFile(site + "/cgt_tryit_runner.py", await (await fetchOk("tryit_runner.py")).text());
  runner = pyodide.pyimport("cgt_tryit_runner");
  runner.namespace(); // imports cgt now, not at the first Run
  postMessage({
    type: "ready",
    cgt: pyodide.runPython("import cgt; cgt.__version__"),
    python: pyodide.runPython("import platform; platform.python_version()"),
    pyodide: pyodide.version,
  });
}

const started = start().catch((err) => postMessage({ type: "failed", message: String(err) }));

onmessage = async (event) => {
  await started;
  const t0 = performance.now();
  const proxy = runner.run(event.data.code);
  const result = proxy.toJs({ dict_converter: Object.fromEntries });
  proxy.destroy();
  postMessage({ type: "result", id: event.data.id, result, seconds: (performance.now() - t0) / 1000 });
};
