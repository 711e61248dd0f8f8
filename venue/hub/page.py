"""The wall page: one HTML document (no outside files), its labels in the reader's language,
filled and kept live by server-sent events (``/events``)."""
from __future__ import annotations

import html
import json
from typing import Any

from companion.i18n import LANGUAGE_NAMES, Translator
from companion.messages import N_
from companion.venue.standings import RULE, Standing

LABELS = {
    "title": N_("Club night"),
    "tables": N_("Tables"),
    "standings": N_("Standings"),
    "table": N_("Table"),
    "no_game": N_("No game at this table"),
    "round": N_("Round {round}"),
    "turn": N_("Turn: {names}"),
    "offline": N_("offline since {time}"),
    "over": N_("Game over"),
    "place": N_("Place"),
    "player": N_("Player"),
    "points": N_("Points"),
    "wins": N_("Wins"),
    "games": N_("Games"),
    "nobody": N_("No game has finished yet."),
    "live": N_("Live"),
    "reconnecting": N_("Reconnecting…"),
}


def language_of(query: str | None, accept: str | None) -> str:
    """The page's language: ``?lang=`` when known, else the browser's first known, else English."""
    if query in LANGUAGE_NAMES:
        return str(query)
    for part in (accept or "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in LANGUAGE_NAMES:
            return code
    return "en"


def snapshot(tables: list[dict[str, Any]], table_standings: list[Standing], lang: str, version: int) -> dict[str, Any]:
    tr = Translator(lang)
    return {"version": version, "tables": tables, "rule": tr(RULE),
            "standings": [{"place": s.place, "name": s.name, "points": s.points, "wins": s.wins, "games": s.games,
                           "tables": list(s.tables), "tie": tr(s.tie) if s.tie is not None else ""}
                          for s in table_standings]}


def render(lang: str, venue: str) -> str:
    tr = Translator(lang)
    labels = {key: tr(text) for key, text in LABELS.items()}
    switch = " ".join(f'<a href="?lang={code}" lang="{code}">{html.escape(name)}</a>'
                      for code, name in LANGUAGE_NAMES.items())
    return PAGE.replace("@LANG@", lang).replace("@TITLE@", html.escape(f"{labels['title']} · {venue}")) \
        .replace("@SWITCH@", switch).replace("@LABELS@", json.dumps(labels, ensure_ascii=False).replace("</", "<\\/")) \
        .replace("@H_TABLES@", html.escape(labels["tables"])).replace("@H_STANDINGS@", html.escape(labels["standings"]))


PAGE = """<!doctype html>
<html lang="@LANG@"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>@TITLE@</title>
<style>
body{font-family:sans-serif;margin:0;background:#1d2226;color:#eee}
header{display:flex;justify-content:space-between;align-items:center;padding:.6em 1em;background:#2b3238}
header a{color:#9cf;margin-left:.6em}
main{display:grid;grid-template-columns:2fr 1fr;gap:1em;padding:1em}
@media (max-width:800px){main{grid-template-columns:1fr}}
#tables{display:grid;grid-template-columns:repeat(auto-fill,minmax(14em,1fr));gap:.8em}
.table{background:#2b3238;border-radius:.5em;padding:.6em .8em}
.table.offline{opacity:.55;border:2px dashed #c66}
.table h3{margin:0 0 .3em 0}
.status{font-size:.85em;color:#fc8}
.seat{display:flex;justify-content:space-between}
.seat.turn{font-weight:bold;color:#ffd54f}
table.standings{width:100%;border-collapse:collapse}
table.standings td,table.standings th{padding:.25em .4em;border-bottom:1px solid #444;text-align:left}
.tie{font-size:.8em;color:#aaa}
.rule{font-size:.8em;color:#aaa}
#live{font-size:.8em}
</style></head>
<body>
<header><h1 id="title">@TITLE@</h1><span><span id="live"></span> @SWITCH@</span></header>
<main>
<section><h2>@H_TABLES@</h2><div id="tables"></div></section>
<section><h2>@H_STANDINGS@</h2><div id="standings"></div><p class="rule" id="rule"></p></section>
</main>
<script>
const L = @LABELS@;
function el(tag, cls, text){const e=document.createElement(tag); if(cls) e.className=cls; if(text!==undefined) e.textContent=text; return e;}
function fill(t, v){return t.replace(/\\{(\\w+)\\}/g,(m,k)=>v[k]!==undefined?v[k]:m);}
function drawTables(tables){
  const box=document.getElementById('tables'); box.replaceChildren();
  for(const t of tables){
    const card=el('div','table'); card.dataset.table=t.table;
    if(t.status==='offline') card.classList.add('offline');
    const s=t.state, g=s&&s.game;
    card.append(el('h3',null,L.table+' '+t.table+(g?' · '+g.title:'')));
    if(t.status==='offline'){const at=new Date((t.since||0)*1000); card.append(el('div','status',fill(L.offline,{time:at.toLocaleTimeString([], {hour:'2-digit',minute:'2-digit'})})));}
    if(!g){card.append(el('div',null,L.no_game));}
    else{
      if(s.round!==null&&s.round!==undefined) card.append(el('div',null,fill(L.round,{round:s.round})));
      const turn=(s.to_act||[]).map(i=>(s.seats[i]||{}).name).filter(Boolean);
      if(s.scores&&s.scores.final) card.append(el('div','status',L.over));
      else if(turn.length) card.append(el('div',null,fill(L.turn,{names:turn.join(', ')})));
      s.seats.forEach((seat,i)=>{const row=el('div','seat'+((s.to_act||[]).includes(seat.seat)?' turn':''));
        row.append(el('span',null,seat.name)); row.append(el('span','score',String((s.scores.totals||[])[i]??'')));
        card.append(row);});
    }
    box.append(card);
  }
}
function drawStandings(rows, rule){
  const box=document.getElementById('standings'); box.replaceChildren();
  document.getElementById('rule').textContent=rule;
  if(!rows.length){box.append(el('p',null,L.nobody)); return;}
  const tbl=el('table','standings'); const head=el('tr');
  for(const h of [L.place,L.player,L.points,L.wins,L.games]) head.append(el('th',null,h));
  tbl.append(head);
  for(const r of rows){const tr=el('tr'); tr.dataset.player=r.name;
    tr.append(el('td',null,String(r.place)));
    const name=el('td',null,r.name); if(r.tie){name.append(el('div','tie',r.tie));} tr.append(name);
    for(const v of [r.points,r.wins,r.games]) tr.append(el('td',null,String(v)));
    tbl.append(tr);}
  box.append(tbl);
}
function draw(snap){drawTables(snap.tables); drawStandings(snap.standings, snap.rule); document.body.dataset.version=snap.version;}
const lang=document.documentElement.lang;
const source=new EventSource('events?lang='+lang);
source.onmessage=(e)=>{draw(JSON.parse(e.data)); document.getElementById('live').textContent=L.live;};
source.onerror=()=>{document.getElementById('live').textContent=L.reconnecting;};
</script>
</body></html>
"""
