from django.contrib import admin
from django.urls import include, path

# The site's addresses first: they give the admin its login (play/accounts/urls.py) before the
# admin's own are read.
site = include("play.urls")
urlpatterns = [
    path("admin/", admin.site.urls),
    path("", site),
]

# Under /api/, JSON as the API's own errors; elsewhere, Django's pages (templates/).
handler400 = "play.api.views.bad_request"
handler404 = "play.api.views.not_found"
handler500 = "play.api.views.server_error"
