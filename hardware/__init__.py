"""The GPIO panel: buttons, seat LEDs, status LED and buzzer through gpiozero.

``pins`` (pin map from settings) · ``factory`` (lgpio on a Pi, MockFactory
elsewhere) · ``panel`` (the devices) · ``signals`` (LED/buzzer patterns) ·
``selftest`` (the hardware test) · ``simulated`` (the on-screen panel's
driver).  Imports ``companion`` value types only; never ``vision`` or ``ui``.
"""
