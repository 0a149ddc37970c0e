/* Preloaded into every test process of the ASan build (scripts/test-sanitized):
 * dlclose does nothing, so the libraries Open MPI loads as plug-ins (its mca_*
 * components) stay mapped until exit. LeakSanitizer runs at exit and names a
 * frame only by a library still mapped; without this shim every allocation
 * of an unloaded plug-in is reported from "<unknown module>", which no
 * suppression can name. Built without sanitizer flags: it is also loaded into
 * mpirun and orted, which are not instrumented. */
int dlclose(void* handle) {
  (void)handle;
  return 0;
}
