"""Table passcodes to suggest: three short words, easy to say aloud and to type on a phone,
in the language the owner reads."""

from __future__ import annotations

import secrets

from scorekeeper.languages import DEFAULT_LANGUAGE

# Short, concrete words that sound like their spelling, with no two alike when said aloud,
# and no accent or umlaut a phone's keyboard would have to look for. Three different ones
# drawn at random make one of about ten million phrases, far more than the few dozen guesses
# a quarter hour the join page allows at one league.
_WORD_LISTS = {
    "en": """
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
""",
    "es": """
abeja aguja ajedrez ajo alce alfombra alga almeja almendra ancla anillo arena arpa arroz
avena ballena balsa banco bandera barco barril bellota bigote bolsa bosque bota botella
brocha bruja burro buzo caballo cabra cacao cactus calabaza cama camello campana canela
canoa cangrejo canguro caracol caramelo cardo casco castillo cebolla cebra cepillo cereza
cerdo cesta chaqueta chocolate ciervo ciruela cisne clavo cobre coco cohete collar cometa
conejo copa corona cuchara cuerda cuervo dado dedal ducha duende elefante enano erizo
escoba espejo esponja estrella faro fideo flauta foca fresa fuente galleta gallina gallo
gamba ganso garbanzo gato gaviota gigante girasol globo goma gorila gorra gota granja grillo
guante guitarra hacha hada hamaca harina helado hielo higo hoja hormiga huevo isla jarra
jirafa juguete kiwi koala lagarto lago lana langosta leche lechuga lechuza libro lima lirio
llama llave lobo loro luna maceta madera mango manta manzana mapa mariposa martillo medusa
miel mochila molino mono mosca nabo naranja nariz nido nieve nube nuez nutria oca ola olivo
olla oreja oruga oso ostra oveja paja pala paloma panda pastel pato pavo peine pelota
pepino pera perla perro piano pimienta pino pinza pirata pizarra planeta plato pluma pollo
polilla puente puerta pulga pulpo queso rama rana rayo regadera reloj robot roca rosa rueda
sapo sardina semilla serpiente seta silla sirena sombrero sopa tambor tapa tarta taza
tejado tenedor tienda tigre tijera tiza toalla tomate topo toro tortuga tractor tren trigo
trompeta trueno trufa uva vaca vaso vela velero ventana yate yogur zanahoria zapato zorro
zumo
""",
    "de": """
Ahorn Amsel Anker Apfel Auto Bach Bagger Ball Banane Bart Baum Becher Berg Besen Bett
Biene Birke Birne Blatt Blume Bohne Boot Brett Brille Brot Brunnen Burg Butter Dach Dackel
Dampf Deckel Delfin Dorf Dose Drache Eiche Eimer Elch Ente Erbse Esel Eule Falke Farn
Feder Fenster Feuer Fichte Fisch Flasche Floh Frosch Fuchs Gabel Gans Garten Geige Gras
Gurke Hafen Hafer Hahn Hammer Harfe Hase Hecht Helm Hemd Heu Himbeere Hirsch Honig Hose
Hummel Hund Hut Igel Insel Jacke Kabel Kaffee Kakao Kaktus Kamel Kamin Kamm Kanu Kappe
Karotte Karpfen Katze Keks Kerze Kessel Kiefer Kirsche Kissen Kiste Kiwi Klee Knopf Koala
Koffer Kohl Komet Kompass Koralle Korb Krabbe Kran Kreide Krone Krug Kuchen Lachs Lama
Lampe Laterne Leiter Leopard Linde Lupe Mais Mantel Marmor Maulwurf Maus Meise Melone
Messer Minze Mohn Mond Moos Motte Muschel Nadel Nashorn Nebel Nelke Nest Nudel Oase Ofen
Olive Orgel Otter Paddel Paket Palme Panda Papagei Papier Perle Pfanne Pfeffer Pferd
Pflaume Pilz Pinguin Pinsel Pirat Pizza Planet Pony Pudel Puppe Qualle Quelle Rabe Radio
Rakete Rasen Regen Reh Rettich Rind Ring Robbe Rock Rose Rucksack Sand Sattel Schaf Schal
Schaukel Schere Schiff Schirm Schlitten Schloss Schnecke Schrank Schuh Schwan Seife Seil
Senf Sessel Socke Sofa Sonne Spaten Spiegel Spinne Stein Stern Stiefel Storch Strand Stuhl
Tafel Tanne Tasche Tasse Teich Teller Tiger Tinte Tomate Topf Traube Trommel Tuba Tulpe
Turm Ufer Uhu Vase Vogel Vulkan Waffel Wagen Wal Wald Walnuss Walross Wanne Weide Wiese
Wolf Wolke Wurst Zange Zapfen Zaun Zebra Zelt Ziege Zimt Zitrone Zucker Zug Zwerg Zwiebel
""",
}
WORDS: dict[str, tuple[str, ...]] = {
    code: tuple(words.split()) for code, words in _WORD_LISTS.items()
}


def suggested_passcode(language: str = DEFAULT_LANGUAGE) -> str:
    """Three different words of `language` (English for one without a list) drawn at random,
    e.g. "otter mango kettle" (a word said twice would make the phrase far easier to guess)."""
    words = WORDS.get(language, WORDS[DEFAULT_LANGUAGE])
    return " ".join(secrets.SystemRandom().sample(words, 3))
