/* Stand-in for simplejpeg's compiled module: built against apt's numpy headers, it calls
 * import_array() when imported, as every numpy C extension does; a numpy of another ABI in the
 * venv then fails here exactly as it fails the real simplejpeg. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <numpy/arrayobject.h>

static PyObject *built_against_numpy(PyObject *self, PyObject *args) {
    return PyLong_FromUnsignedLong((unsigned long)NPY_ABI_VERSION);
}

static PyMethodDef methods[] = {
    {"built_against_numpy", built_against_numpy, METH_NOARGS, "numpy's C ABI version this was built for"},
    {NULL, NULL, 0, NULL}
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_jpeg", NULL, -1, methods};

PyMODINIT_FUNC PyInit__jpeg(void) {
    import_array();
    return PyModule_Create(&module);
}
