"""A made-up finished game's printed sheet, drawn once to warm up the PDF engine.

The first sheet a process draws costs about an eighth more than the next ones: Pango shapes its
first runs in each font and size, and HarfBuzz subsets each font for the first time. A little
sample leaves most of that to the first real sheet, so the warm-up (`pdf_engine.warm_up`) draws
this one: the markup `sheets/completed.html` prints for a five-player game of four hands, in the
same elements and classes (`tests/test_pdf_engine.py` checks that every element and class of a
real sheet is here), with names and scores of its own.
"""

SHEET = """<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Scoresheet · Game 12 · Scorekeeper</title></head>
<body class="print-page">
<article class="paper page-a4-portrait portrait" tabindex="0" aria-labelledby="sheet-title">
  <header class="sheet-head">
    <h1 class="sheet-title" id="sheet-title">Scoresheet</h1>
    <p class="sheet-meta"><span class="sheet-league">Sample family</span> · Game 12 · Continental
      · 4 hands</p>
    <p class="sheet-facts">Date: <span class="sheet-date">14 March 2026</span>
      · First dealer: Quinn</p>
  </header>
  <p class="sheet-status">Finished: 4 of 4 hands scored · winner: <strong>Wren, 95
    points</strong></p>
  <table class="grid">
  <colgroup><col class="col-hand"><col class="col-score"><col class="col-total"><col
    class="col-score"><col class="col-total"><col class="col-score"><col class="col-total"><col
    class="col-score"><col class="col-total"><col class="col-score"><col
    class="col-total"></colgroup>
  <thead>
    <tr><th scope="col" class="hand-head">Hand<span class="legend">Under each name: the hand's
      score, then the running total (grey).</span></th><th scope="colgroup" colspan="2"
      class="name">Quinn</th><th scope="colgroup" colspan="2" class="name">Wren</th><th
      scope="colgroup" colspan="2" class="name">Yusuf</th><th scope="colgroup" colspan="2"
      class="name">Zoë-Jane</th><th scope="colgroup" colspan="2" class="name">Kit</th></tr>
  </thead>
  <tbody>
    <tr><th scope="row" class="hand">1. 2 sets *
min 6 · deal 10 · Deals: Quinn</th><td class="score"><span class="out-mark">out</span> 0</td><td
      class="total">0</td><td class="score">15</td><td class="total">15</td><td
      class="score">140</td><td class="total">140</td><td class="score">65</td><td
      class="total">65</td><td class="score">35</td><td class="total">35</td></tr>
    <tr><th scope="row" class="hand">2. 1 set + 1 run
min 7 · deal 10 · Deals: Wren</th><td class="score">90<span class="terms">= 80 + 1
      short</span></td><td class="total">90</td><td class="score"><span
      class="out-mark">out</span> 0</td><td class="total">15</td><td class="score">205</td><td
      class="total">345</td><td class="score">125</td><td class="total">190</td><td
      class="score">70</td><td class="total">105</td></tr>
    <tr><th scope="row" class="hand">3. 2 runs
min 8 · deal 11 · Deals: Yusuf</th><td class="score">120</td><td class="total">210</td><td
      class="score">45</td><td class="total">60</td><td class="score">30</td><td
      class="total">375</td><td class="score"><span class="out-mark">out</span> 0</td><td
      class="total">190</td><td class="score">160</td><td class="total">265</td></tr>
    <tr><th scope="row" class="hand">4. 3 sets
min 9 · deal 12 · Deals: Zoë-Jane</th><td class="score">55</td><td class="total">265</td><td
      class="score">35</td><td class="total">95</td><td class="score">180</td><td
      class="total">555</td><td class="score">85</td><td class="total">275</td><td
      class="score"><span class="out-mark">out</span> 0</td><td class="total">265</td></tr>
  </tbody>
  <tfoot>
    <tr class="final"><th scope="row">Total</th><td colspan="2">265</td><td
      colspan="2">95</td><td colspan="2">555</td><td colspan="2">275</td><td
      colspan="2">265</td></tr>
    <tr class="places"><th scope="row">Place</th><td colspan="2">2</td><td colspan="2">1</td><td
      colspan="2">5</td><td colspan="2">4</td><td colspan="2">2</td></tr>
    <tr class="signed"><th scope="row">Signed</th><td colspan="2"></td><td colspan="2"></td><td
      colspan="2"></td><td colspan="2"></td><td colspan="2"></td></tr>
  </tfoot>
  </table>
  <ul class="sheet-notes">
    <li><span class="posted">posted a + b</span>: a missing score, made of the two highest
      scores the others gave.</li>
  </ul>
  <section class="sheet-rules" aria-label="The rules in brief">
  <div class="rules-cards">
    <p>Cards left in hand: 2-9 = 5 · 10-K = 10 · A = 20 · Joker = 50 · each card short = 10.
      Jokers and deuces are wild.</p>
    <p>Decks: 2 decks + 4 jokers.</p>
    <p class="special-notes"><strong>* Hand 1:</strong> Sets of three only, no runs.</p>
  </div>
  <div class="rules-fairness">
    <p>Fairness rules. <strong>Missing score:</strong> the two highest scores the others gave,
      added together. <strong>Leaving early:</strong> the two highest totals of those who
      finished. <strong>Suspended game:</strong> it goes on only with everyone back, in the
      same order, in the same year. <strong>Corrections:</strong> free until a later hand is
      scored; then the owner&#39;s, with a reason, and every change is kept.</p>
  </div>
  </section>
</article>
</body>
</html>
"""
