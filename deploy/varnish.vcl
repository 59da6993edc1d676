vcl 4.1;
#
# The edge cache in front of the site (Varnish 7.1 as Debian ships it; docs/DEPLOY.md "Edge cache and purge",
# decision 091). A CDN told to honour the origin: the app's headers alone say what may be kept and for whom
# (Cache-Control: private or no-store is never stored, Vary: Cookie keys an anonymous page by the visitor's
# cookies), so a request with a cookie is looked up too, unlike Varnish's own default. Everything else is
# builtin.vcl: lifetimes from s-maxage / max-age, stale-while-revalidate as grace, Set-Cookie never stored.
#
# Kept pages carry `Surrogate-Key: <tag> <tag> ...`; the app purges them with `PURGE /` and
# `Surrogate-Key: <tags>`, which bans every object whose Surrogate-Key holds any of those tags as a whole word.
# Debian's Varnish has no xkey vmod, hence bans; they test obj.* only, so the ban lurker clears them in the
# background. The placeholders {{BACKEND_HOST}} and {{BACKEND_PORT}} are filled in by whoever installs this file
# (tests/support/varnish.ts, scripts/drill.js, or by hand): the app, or the load balancer in front of its instances.

import std;

backend default {
  .host = "{{BACKEND_HOST}}";
  .port = "{{BACKEND_PORT}}";
}

# Who may purge: the app instances. client.ip is the connection's address, so an app purging through another proxy
# would be that proxy; purge Varnish directly.
acl purgers {
  "localhost";
  "127.0.0.1";
  "::1";
  # The app instances' own network, when they run on other hosts (an example; put yours):
  # "10.0.0.0"/8;
}

sub vcl_recv {
  if (req.method == "PURGE") {
    if (client.ip !~ purgers) {
      return (synth(403, "Forbidden"));
    }
    # Tags are letters, digits, ':', '_' and '-' (app/utils/edge-purge.server.ts), so they go into the ban's regular
    # expression as they are; anything else is refused rather than escaped.
    if (req.http.Surrogate-Key !~ "^ *[A-Za-z0-9:_-]+( +[A-Za-z0-9:_-]+)* *$") {
      return (synth(400, "Bad Surrogate-Key"));
    }
    if (std.ban("obj.http.Surrogate-Key ~ (^|\s)(" + regsuball(regsuball(req.http.Surrogate-Key, "^ +| +$", ""), " +", "|") + ")(\s|$)")) {
      return (synth(200, "Purged"));
    }
    return (synth(400, std.ban_error()));
  }
  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }
  return (hash);
}

sub vcl_deliver {
  # The tags are for this cache only.
  unset resp.http.Surrogate-Key;
}
