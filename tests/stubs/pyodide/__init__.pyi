# Pyodide's Python package, as far as the browser layer uses it (type check only).
