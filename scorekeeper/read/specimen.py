"""A made-up finished game's printed sheet, drawn once to warm up the PDF engine.

The first sheet a process draws cost about an eighth more than the next ones: Pango shapes its
first runs in each font and size, and HarfBuzz loads and subsets each font for the first time.
The warm-up (`pdf_engine.warm_up`) draws this page instead: the markup `sheets/completed.html`
prints, in the same elements and classes (`tests/test_pdf_engine.py` checks that every element
and class of a real sheet is here), for one player and one hand, with words of its own. After
it, the first real sheet costs what the next does (measured in instructions), and it costs
about two thirds of what a five-player sheet of four hands would.
"""

SHEET = """<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Scoresheet · Game 12 · Scorekeeper</title></head>
<body class="print-page">
<article class="paper page-a4-portrait portrait" tabindex="0" aria-labelledby="sheet-title">
  <header class="sheet-head">
    <h1 class="sheet-title" id="sheet-title">Scoresheet</h1>
    <p class="sheet-meta"><span class="sheet-league">Sample family</span> · Game 12 · Continental
      · 7 hands</p>
    <p class="sheet-facts">Date: <span class="sheet-date">14 March 2026</span>
      · First dealer: Quinn</p>
  </header>
  <p class="sheet-status">Finished: 7 of 7 hands scored · winner: <strong>Zoë-Jane, 95
    points</strong></p>
  <table class="grid">
  <colgroup><col class="col-hand"><col class="col-score"><col class="col-total"></colgroup>
  <thead>
    <tr><th scope="col" class="hand-head">Hand<span class="legend">Under each name: the hand's
      score, then the running total (grey).</span></th><th scope="colgroup" colspan="2"
      class="name">Zoë-Jane</th></tr>
  </thead>
  <tbody>
    <tr><th scope="row" class="hand">1. 2 sets *
min 6 · deal 10 · Deals: Quinn</th><td class="score"><span class="out-mark">out</span> 0<span
      class="terms">= 80 + 1 short</span></td><td class="total">90</td></tr>
  </tbody>
  <tfoot>
    <tr class="final"><th scope="row">Total</th><td colspan="2">265</td></tr>
    <tr class="places"><th scope="row">Place</th><td colspan="2">1</td></tr>
    <tr class="signed"><th scope="row">Signed</th><td colspan="2"></td></tr>
  </tfoot>
  </table>
  <ul class="sheet-notes">
    <li><span class="posted">posted a + b</span>: a missing score, the two highest others.</li>
  </ul>
  <section class="sheet-rules" aria-label="The rules in brief">
  <div class="rules-cards">
    <p>Cards left in hand: 2-9 = 5 · 10-K = 10 · A = 20 · Joker = 50 · each card short = 10.</p>
    <p class="special-notes"><strong>* Hand 1:</strong> Sets of three only, no runs.</p>
  </div>
  <div class="rules-fairness">
    <p>Fairness rules. <strong>Missing score:</strong> the two highest scores the others gave,
      added together. <strong>Corrections:</strong> free until a later hand is scored.</p>
  </div>
  </section>
</article>
</body>
</html>
"""
