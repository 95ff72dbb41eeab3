"""What the accuracy benchmark's scripts share (run.py, lc-sweeps.py, stencil-study.py): the
command-line options, the host's CPU and load average, the report's header, the plugin's lines
per unit of work at each boundary, and writing the report.  Plain functions, no state."""
import sys, time


def options(argv):
    """opt(KEY, DEFAULT): the word after KEY in ARGV, DEFAULT when ARGV has no KEY."""
    return lambda k, d=None: argv[argv.index(k) + 1] if k in argv else d


def check_options(argv, flags, keys, usage):
    """Exit with USAGE (and status 2 for a wrong option) before any work when ARGV asks for help
    or holds an option that is neither one of FLAGS (no value) nor one of KEYS (one value)."""
    i = 0
    while i < len(argv):
        w = argv[i]
        if w in ("-h", "--help"):
            sys.stdout.write(usage)
            sys.exit(0)
        if w in keys and i + 1 < len(argv):
            i += 2
            continue
        if w not in flags:
            sys.stderr.write("%s: %s\n%s" % (sys.argv[0], "missing value of " + w if w in keys
                                               else "unknown argument '%s'" % w, usage))
            sys.exit(2)
        i += 1


def host_info():
    """The first CPU's vendor_id, cpu family, model, model name and stepping (/proc/cpuinfo)."""
    info = {}
    for l in open("/proc/cpuinfo"):
        k, _, v = l.partition(":")
        k, v = k.strip(), v.strip()
        if k in ("vendor_id", "cpu family", "model", "model name", "stepping") and k not in info:
            info[k] = v
    return info


def loadavg():
    """The 1-minute load average, as /proc/loadavg writes it."""
    return open("/proc/loadavg").read().split()[0]


def header(script, argv, t0, la0, info):
    """The report's first two lines: the command, then the start (UTC), the CPU, the load
    average at the start (LA0) and now, and the seconds since T0."""
    return ["# %s %s" % (script, " ".join(argv)),
            "# %s UTC; CPU: %s, vendor %s family %s model %s; load average %s -> %s; %.0f s" % (
                time.strftime("%Y-%m-%d %H:%M", time.gmtime(t0)), info.get("model name"),
                info.get("vendor_id"), info.get("cpu family"), info.get("model"), la0, loadavg(),
                time.time() - t0)]


def boundary_lines(pred, fmt):
    """Lines per unit of work at each boundary of the prediction PRED (run.predict): load +
    write-allocate + evict, each formatted with FMT."""
    return [fmt % (t["load_lines"] + t["write_allocate_lines"] + t["evict_lines"])
            for t in pred["traffic"] or []]


def write_report(out, path):
    """The lines OUT on stdout and, when PATH is given, into the file PATH."""
    text = "\n".join(out) + "\n"
    sys.stdout.write(text)
    if path:
        with open(path, "w") as f:
            f.write(text)
