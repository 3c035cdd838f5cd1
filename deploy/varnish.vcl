# Varnish in front of HAProxy (Debian's varnish 7.1): a shared cache of the site's public pages.
# `npm run cluster` starts it as `varnishd -F -a <address> -f <this file> -s malloc,256m`, with the
# backend's port below replaced by HAProxy's; as committed it is the documented layout:
#
#   Varnish :8080 -> HAProxy :8081 -> instances :3001, :3002, :3003
#
# What it does, in the site's terms (docs/operations.md, "The cluster: HAProxy and Varnish"):
# - It stores only what the site marks as shareable: answers whose Cache-Control has s-maxage
#   (public pages, for five minutes). Everything else goes through every time.
# - Requests with a cookie (a signed-in admin) or an Authorization header, and every method but GET
#   and HEAD (forms), always go through to the site and are never stored.
# - A page whose time is up is served stale while it is fetched again, for as long as its
#   stale-while-revalidate says (30 s); while the site cannot answer at all (HAProxy's
#   /haproxy/readyz fails: every instance down, or the database), for as long as its
#   stale-if-error says (a day). What it does not hold is answered 503 with Retry-After and a short
#   page.
# - `PURGE /` with a Surrogate-Key header, from this machine only, drops every stored page that
#   names any of those keys. The instances send it after every change of content (CACHE_PURGE_URLS).
# - Every answer says where it came from: X-Cache: HIT, MISS or PASS.

vcl 4.1;

import std;

backend haproxy {
  .host = "127.0.0.1";
  .port = "8081";
  # Ready when any instance is: HAProxy answers this address itself, from its own checks.
  .probe = {
    .url = "/haproxy/readyz";
    .interval = 1s;
    .timeout = 2s;
    .window = 3;
    .threshold = 2;
    .initial = 2;
  }
}

# Who may purge: the instances, on this machine. Add your instances' addresses if they run elsewhere.
acl purgers {
  "127.0.0.1";
  "::1";
}

sub vcl_recv {
  if (req.method == "PURGE") {
    if (client.ip !~ purgers) {
      return (synth(403, "Forbidden"));
    }
    # Keys are lowercase words with ':', '_' and '-', separated by spaces (app/server/http/http-cache.server.ts):
    # checked here, since they go into a regular expression.
    if (req.http.Surrogate-Key !~ "^ *[a-z0-9:_-]+( +[a-z0-9:_-]+)* *$") {
      return (synth(400, "Surrogate-Key header with the keys to purge required"));
    }
    # "post:12 posts" bans every object whose own Surrogate-Key holds post:12 or posts as a whole
    # word. The expression reads only obj.*, so the ban lurker clears stored objects in the
    # background instead of every request testing them. A ban expression splits at spaces, so the
    # pattern has none: [[:space:]] stands for the one between keys.
    set req.http.X-Purge-Pattern = regsuball(regsuball(req.http.Surrogate-Key, "^ +| +$", ""), " +", "|");
    if (std.ban({"obj.http.Surrogate-Key ~ (^|[[:space:]])("} + req.http.X-Purge-Pattern + {")([[:space:]]|$)"})) {
      return (synth(200, "Purged"));
    }
    return (synth(400, std.ban_error()));
  }
  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }
  if (req.http.Cookie || req.http.Authorization) {
    return (pass);
  }
  # Stored pages keep a day of grace (stale-if-error); while the site answers, only the
  # stale-while-revalidate part of it is used.
  if (std.healthy(req.backend_hint)) {
    set req.grace = 30s;
  }
  return (hash);
}

sub vcl_hash {
  # Campaign parameters never change a page (the site ignores them too): a visitor from an ad, with
  # a click id of their own, gets the stored page. The site still sees them on a miss, where the
  # request goes through whole. Any other query parameter is part of the key, so a made-up one
  # (`?miss=123`) is always a miss: the load script uses that to reach the instances.
  hash_data(regsuball(req.url, "(?<=[?&])(utm_[a-z]+|gclid|fbclid|msclkid)=[^&]*(&|$)", ""));
  if (req.http.Host) {
    hash_data(req.http.Host);
  } else {
    hash_data(server.ip);
  }
  return (lookup);
}

sub vcl_backend_response {
  # Only answers the site marked as shareable are stored. The rest is remembered as "not
  # storable" for a minute (hit-for-miss), so requests for it go to the site at once instead of
  # queueing behind each other.
  if (beresp.http.Cache-Control !~ "(^|[ ,])s-maxage=[0-9]+" || beresp.http.Set-Cookie) {
    set beresp.uncacheable = true;
    set beresp.ttl = 60s;
    return (deliver);
  }
  # beresp.ttl comes from s-maxage; the grace is stale-if-error's day (vcl_recv narrows it while the
  # site answers). A failed refresh of a stored page keeps the stored page.
  if (beresp.status >= 500 && bereq.is_bgfetch) {
    return (abandon);
  }
  set beresp.grace = 24h;
  return (deliver);
}

sub vcl_deliver {
  if (obj.uncacheable) {
    set resp.http.X-Cache = "PASS";
  } elsif (obj.hits > 0) {
    set resp.http.X-Cache = "HIT";
    # The stored id is the one of the request that filled the cache; this one reached no instance.
    unset resp.http.X-Request-Id;
  } else {
    set resp.http.X-Cache = "MISS";
  }
  # The keys are for this cache (and a CDN's purge hook), not for visitors.
  unset resp.http.Surrogate-Key;
}

sub vcl_synth {
  set resp.http.X-Cache = "PASS";
}

# No instance could answer and nothing stored could stand in: say so, and when to try again.
sub vcl_backend_error {
  set beresp.status = 503;
  set beresp.http.Retry-After = "5";
  set beresp.http.Cache-Control = "no-store";
  set beresp.http.Content-Type = "text/html; charset=utf-8";
  set beresp.body = {"<!DOCTYPE html><html lang='en'><meta charset='utf-8'><meta name='viewport' content='width=device-width, initial-scale=1'><title>Back in a moment</title><body style='font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem'><h1>Back in a moment</h1><p>This page is unavailable for a moment. Please try again in a minute.</p><p>If you were sending us a message, we could not send your message just now: please go back and send it again.</p></body></html>"};
  return (deliver);
}
