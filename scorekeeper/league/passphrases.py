"""Table passcodes to suggest: three short words, easy to say aloud and to type on a phone."""

from __future__ import annotations

import secrets

# Short, concrete words that sound like their spelling, with no two alike when said aloud.
# Three different ones drawn at random make one of about ten million phrases, far more than
# the few dozen guesses a quarter hour the join page allows at one league.
_WORD_LIST = """
acorn anchor apple apron arrow attic badge bagel banjo barn basil beach beard bell bench
berry bison blanket boat bonnet boots bottle bowl branch bread brick bridge broom bucket
bugle bunny butter button cabin cactus camel candle canoe canyon carrot castle cedar chalk
cherry chess chimney cider clock cloud clover coat cobra comet cookie copper coral cotton
crab crane crayon cricket crown cupcake daisy desert dolphin donkey dragon drum duck eagle
easel engine falcon feather fern fiddle finch flute forest fossil fox frog garden garlic
geyser ginger giraffe glacier glove goat goose grape gravel guitar hammer harbor harp hazel
hedge helmet heron honey hoop igloo island ivory jacket jelly jigsaw kayak kettle kite koala
ladder lagoon lantern lemon lettuce lily lizard llama lobster magnet mango maple marble
meadow melon mitten moose muffin mushroom nectar noodle oak oasis ocean olive onion orange
orchard otter owl oyster paddle panda parrot peach peanut pebble pelican pepper piano pickle
pigeon pillow pine pirate pizza planet plum pony popcorn potato puddle pumpkin puppet quilt
rabbit radish raft rainbow raven ribbon river robin rocket saddle salmon sandal scarf seal
shell silver sled snail socks sparrow spider spoon squash starfish stool sunflower swan
teapot tiger toast tomato tractor trumpet tulip turnip turtle umbrella valley velvet violin
volcano waffle walnut walrus whistle willow window wizard wolf yogurt zebra
"""
WORDS = tuple(_WORD_LIST.split())


def suggested_passcode() -> str:
    """Three different words drawn at random, e.g. "otter mango kettle" (a word said twice
    would make the phrase far easier to guess)."""
    return " ".join(secrets.SystemRandom().sample(WORDS, 3))
