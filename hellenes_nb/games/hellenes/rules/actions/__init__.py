"""§4 actions: :mod:`.phase` the action phase, which lists and dispatches every action type
(§4.0); :mod:`.moves` activating a group, mustering and the group-move step (§4.1, §5.0);
:mod:`.building` reinforcements, recruits and garrisons (§4.2); :mod:`.types` what an action
type is and what an action costs. Pillaging (§4.3, §5.5) is an action type of ``siege``."""
